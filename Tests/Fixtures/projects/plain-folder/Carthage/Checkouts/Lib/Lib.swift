import UIKit

public final class LibViewController: UIViewController {}
