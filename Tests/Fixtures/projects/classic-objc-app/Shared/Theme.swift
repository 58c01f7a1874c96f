import UIKit

enum Theme {
    static let background = UIColor(named: "BrandRed") ?? .systemBackground
}
