import Analytics
import DesignKit
import UIKit

public final class FeatureViewController: BaseViewController {
    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Feature"
        ScreenTracker.opened(self)
    }
}
