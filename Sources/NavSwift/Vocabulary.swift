/// The UIKit and SwiftUI names the reader recognises. Matching is by spelling only: there is no type
/// checker, so each list holds names whose meaning does not depend on context.
enum Vocabulary {
    /// UIKit's view controller classes: a class deriving from one is a screen.
    static let viewControllerClasses: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UIPageViewController", "UISplitViewController", "UIHostingController",
        "UISearchController", "UIReferenceLibraryViewController", "UIDocumentBrowserViewController",
        "UIActivityViewController", "UIAlertController", "UIImagePickerController", "UIVideoEditorController",
        "UIInputViewController", "UIDocumentPickerViewController", "UIFontPickerViewController",
        "UIColorPickerViewController", "UICloudSharingController", "PHPickerViewController", "SFSafariViewController",
    ]

    /// UIKit classes that are certainly not view controllers: `title` and `navigationItem` there are
    /// their own members, never a screen's.
    static let nonScreenClasses: Set<String> = [
        "UIView", "UIControl", "UIButton", "UILabel", "UIImageView", "UITableViewCell",
        "UICollectionViewCell", "UICollectionReusableView", "UITableViewHeaderFooterView", "UINavigationBar",
        "UIToolbar", "UITabBar", "UIBarButtonItem", "UIBarItem", "UITabBarItem", "UINavigationItem", "UIScrollView",
        "UITableView", "UICollectionView", "UIStackView", "UITextField", "UITextView", "UIWindow", "UIResponder",
        "UIGestureRecognizer", "UIPanGestureRecognizer", "UIScreenEdgePanGestureRecognizer", "UIApplication",
        "UISearchBar", "UISegmentedControl", "UISwitch", "UISlider", "UIVisualEffectView", "CALayer",
    ]

    /// Protocols often listed first in an inheritance clause; never a superclass.
    static let commonProtocols: Set<String> = [
        "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Identifiable", "Sendable", "Comparable",
        "CustomStringConvertible", "ObservableObject", "Error", "View", "App", "Scene", "ViewModifier", "Shape",
        "UIViewRepresentable", "UIViewControllerRepresentable", "PreviewProvider", "AnyObject",
    ]

    /// UIKit colour names that are not in `SystemPalette` but name a colour all the same are not
    /// listed: such a colour is unknown. SwiftUI's `Color` statics, mapped to UIKit's names.
    static let swiftUIColors: [String: String] = [
        "red": "systemRed", "orange": "systemOrange", "yellow": "systemYellow", "green": "systemGreen",
        "mint": "systemMint", "teal": "systemTeal", "cyan": "systemCyan", "blue": "systemBlue",
        "indigo": "systemIndigo", "purple": "systemPurple", "pink": "systemPink", "brown": "systemBrown",
        "gray": "systemGray", "white": "white", "black": "black", "clear": "clear", "primary": "label",
        "secondary": "secondaryLabel",
    ]

    /// SwiftUI views and containers of the framework itself: a destination built from one of these is
    /// content written in place, not a named screen.
    static let swiftUIBuiltins: Set<String> = [
        "Text", "Image", "Label", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid",
        "Grid", "GridRow", "List", "Form", "Section", "ScrollView", "ScrollViewReader", "GeometryReader", "Group",
        "EmptyView", "Spacer", "Divider", "Color", "Button", "Toggle", "TextField", "SecureField", "TextEditor",
        "Picker", "DatePicker", "Slider", "Stepper", "ProgressView", "Menu", "Link", "ShareLink", "ForEach",
        "TabView", "NavigationStack", "NavigationView", "NavigationSplitView", "NavigationLink", "ContentUnavailableView",
        "AsyncImage", "Rectangle", "RoundedRectangle", "Circle", "Capsule", "Ellipse", "LabeledContent", "DisclosureGroup",
        "ControlGroup", "ViewThatFits", "Canvas", "TimelineView", "Gauge", "EditButton", "PasteButton", "RenameButton",
    ]

    /// Wrappers that only delay or erase the view they hold.
    static let swiftUIWrappers: Set<String> = ["AnyView", "LazyView", "NavigationLazyView", "DeferView", "Lazy"]

    /// The roots of member paths that name the screen's own UIKit members. A local or parameter of the
    /// same name hides them.
    static let selfMembers: Set<String> = [
        "title", "navigationItem", "navigationController", "navigationBar", "interactivePopGestureRecognizer",
        "viewControllers", "isNavigationBarHidden", "editButtonItem",
    ]

    /// Calls that always run the closure they are given (so settings made in it are not branches).
    static let alwaysCalled: Set<String> = [
        "async", "asyncAfter", "sync", "animate", "animateKeyframes", "performWithoutAnimation", "transition", "run", "Task",
        "withAnimation", "performAndWait",
    ]

    /// Toolbar placements on the leading side of a navigation bar.
    static let leadingPlacements: Set<String> = ["navigationBarLeading", "topBarLeading", "cancellationAction", "navigation"]
    /// Toolbar placements on the trailing side of a navigation bar.
    static let trailingPlacements: Set<String> = [
        "navigationBarTrailing", "topBarTrailing", "confirmationAction", "primaryAction", "destructiveAction", "automatic",
        "topBarPinnedTrailing",
    ]

    /// Whether a name or superclass reads like a view controller's (`DetailViewController`,
    /// `BaseNavigationController`).
    static func isViewControllerName(_ name: String) -> Bool {
        viewControllerClasses.contains(name) || name.hasSuffix("ViewController") || name.hasSuffix("NavigationController")
            || name.hasSuffix("TabBarController") || name.hasSuffix("VC")
    }

    /// Whether a name reads like a navigation controller's: only there do unprefixed `navigationBar`
    /// and `viewControllers` name the controller's own members.
    static func isNavigationControllerName(_ name: String) -> Bool {
        name.contains("NavigationController") || name.hasSuffix("NavController") || name.hasSuffix("Nav")
            || name.hasSuffix("NC")
    }

    /// Methods that are hooks by their name and labels (back-button handlers are found by a pattern).
    static let hookNames: Set<String> = ["hitTest", "point", "navigationBar", "gestureRecognizerShouldBegin"]

    /// Names of back-button handlers a navigation controller category asks its screens for.
    static func isBackButtonHandler(_ name: String) -> Bool {
        containsIgnoringCase(name, "shouldpop") || containsIgnoringCase(name, "shouldholdbackbutton")
            || name == "canPopViewController"
    }

    /// Whether `text` contains `needle` (lower-case ASCII), ignoring the case of ASCII letters. Runs on
    /// every function name, so it compares bytes.
    static func containsIgnoringCase(_ text: String, _ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first else { return true }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= pattern.count else { return false }
            for start in 0...(bytes.count - pattern.count) where bytes[start] | 0x20 == first {
                var j = 1
                while j < pattern.count && bytes[start + j] | 0x20 == pattern[j] { j += 1 }
                if j == pattern.count { return true }
            }
            return false
        }
    }
}
