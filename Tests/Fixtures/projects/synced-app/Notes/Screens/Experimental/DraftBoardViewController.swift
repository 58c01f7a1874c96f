import UIKit

// Not built yet: excluded from the Notes target in the project.
final class DraftBoardViewController: UIViewController {}
