import UIKit

/// The recipe editor keeps the back button and puts its close item beside it.
final class SupplementIgnoredCleanRecipeBookViewController: UITableViewController {
    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: SupplementIgnoredCleanRecipeBookViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Recipes"
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: self, action: #selector(addRecipe))
    }

    @objc private func addRecipe() {
        navigationController?.pushViewController(SupplementIgnoredCleanRecipeEditorViewController(), animated: true)
    }
}

final class SupplementIgnoredCleanRecipeEditorViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "New"
        navigationItem.leftItemsSupplementBackButton = true
        navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .close, target: self, action: #selector(cancel))
    }

    @objc private func cancel() {
        navigationController?.popViewController(animated: true)
    }
}
