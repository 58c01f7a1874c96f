import UIKit

public final class ChatViewController: UIViewController {
    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Chat"
    }
}
