import UIKit

/// The recipe editor adds a Cancel item and asks to keep the back button beside it, but also hides the
/// back button: hiding wins, and the supplement does nothing.
final class SupplementIgnoredFailingRecipeBookViewController: UITableViewController {
    static func makeRoot() -> UINavigationController {
        UINavigationController(rootViewController: SupplementIgnoredFailingRecipeBookViewController(style: .plain))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Recipes"
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: self, action: #selector(addRecipe))
    }

    @objc private func addRecipe() {
        navigationController?.pushViewController(SupplementIgnoredFailingRecipeEditorViewController(), animated: true)
    }
}

final class SupplementIgnoredFailingRecipeEditorViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "New Recipe"
        navigationItem.hidesBackButton = true
        navigationItem.leftItemsSupplementBackButton = true  // expect: supplement-ignored
        navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel, target: self, action: #selector(cancel))
    }

    @objc private func cancel() {
        navigationController?.popViewController(animated: true)
    }
}
