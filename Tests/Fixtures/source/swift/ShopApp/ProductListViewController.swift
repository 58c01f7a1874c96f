import UIKit

final class ProductListViewController: BaseViewController, UITableViewDelegate {
    private var products: [Product] = []

    private let cartItem = UIBarButtonItem(image: UIImage(systemName: "cart"), style: .plain, target: nil, action: nil)

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Products"
        cartItem.target = self
        cartItem.action = #selector(openCart)
        navigationItem.rightBarButtonItems = [cartItem, editButtonItem]
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let detail = ProductDetailViewController(product: products[indexPath.row])
        navigationController?.pushViewController(detail, animated: true)
    }

    @objc private func openCart() {
        let cart = UIHostingController(rootView: CartView(model: CartModel.shared))
        navigationController?.pushViewController(cart, animated: true)
    }

    @objc private func openFilters() {
        guard let filters = storyboard?.instantiateViewController(withIdentifier: "Filters") as? FiltersViewController else { return }
        present(UINavigationController(rootViewController: filters), animated: true)
    }
}
