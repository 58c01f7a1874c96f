import UIKit

open class ThingViewController: UIViewController {}
