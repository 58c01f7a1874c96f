import DesignKit
import FeatureKit
import UIKit

final class HomeViewController: BaseViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Home"
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Feature", style: .plain, target: self, action: #selector(openFeature))
    }

    @objc private func openFeature() {
        navigationController?.pushViewController(FeatureViewController(), animated: true)
    }
}
