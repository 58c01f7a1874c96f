import UIKit

final class ProductDetailViewController: BaseViewController {
    let product: Product

    init(product: Product) {
        self.product = product
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        configureNavigation()
    }
}

// MARK: - Navigation

extension ProductDetailViewController {
    func configureNavigation() {
        let logo = UIImageView(frame: CGRect(x: 0, y: 0, width: 96, height: 24))
        logo.image = UIImage(named: "brand")
        navigationItem.titleView = logo
        navigationItem.backButtonTitle = product.name
        let share = UIBarButtonItem(barButtonSystemItem: .action, target: self, action: #selector(share(_:)))
        let spacer = UIBarButtonItem(barButtonSystemItem: .fixedSpace, target: nil, action: nil)
        spacer.width = 8
        navigationItem.rightBarButtonItems = [share, spacer]
    }

    @objc func share(_ sender: UIBarButtonItem) {
        let activity = UIActivityViewController(activityItems: [product.url], applicationActivities: nil)
        present(activity, animated: true)
    }
}
