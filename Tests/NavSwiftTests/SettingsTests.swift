import NavModel
import NavSource
import Testing

@testable import NavSwift

@Suite("UIKit settings")
struct SettingsTests {
    @Test func navigationItemMembersInViewDidLoad() throws {
        let facts = read(
            """
            import UIKit

            final class ProfileViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = "Profile"
                    navigationItem.title = "My Profile"
                    navigationItem.hidesBackButton = false
                    self.navigationItem.leftItemsSupplementBackButton = true
                    navigationItem.backButtonTitle = "Back"
                    navigationItem.backButtonDisplayMode = .minimal
                    navigationItem.setHidesBackButton(true, animated: false)
                }
            }
            """)
        let screen = try #require(facts.screen("ProfileViewController"))
        #expect(screen.kind == .viewController)
        #expect(screen.superclass == "UIViewController")
        #expect(
            screen.values == [
                .title(.known("Profile")), .itemTitle(.known("My Profile")), .hidesBackButton(.known(false)),
                .leftItemsSupplementBackButton(.known(true)), .backButtonTitle(.known("Back")), .backButtonDisplayMode(.known(.minimal)),
                .hidesBackButton(.known(true)),
            ])
        #expect(screen.settings.map(\.location.line) == [6, 7, 8, 9, 10, 11, 12])
        #expect(facts.problems.isEmpty)
    }

    @Test func optionalChainingAndSelfAreTheSamePath() throws {
        let facts = read(
            """
            class GalleryViewController: UIViewController {
                func configure() {
                    DispatchQueue.main.async { [weak self] in
                        self?.navigationItem.hidesBackButton = true
                        self!.navigationController!.interactivePopGestureRecognizer!.isEnabled = false
                    }
                    guard let strongSelf = Optional(self) else { return }
                    _ = strongSelf
                }
            }
            """)
        let screen = try #require(facts.screen("GalleryViewController"))
        #expect(screen.values == [.hidesBackButton(.known(true)), .popGestureEnabled(.known(false))])
    }

    @Test func strongSelfAliasesSelf() throws {
        let facts = read(
            """
            class FeedViewController: UIViewController {
                func load() {
                    service.fetch { [weak self] result in
                        guard let strongSelf = self else { return }
                        strongSelf.title = result.name
                        strongSelf.navigationItem.backButtonTitle = "Feed"
                    }
                }
            }
            """)
        let screen = try #require(facts.screen("FeedViewController"))
        #expect(screen.values == [.title(.unknown), .backButtonTitle(.known("Feed"))])
    }

    @Test func aVariableOtherFilesCanSetIsTheCallersValue() throws {
        // `var subject = ""` is a screen's input: whoever pushes it sets it, so its initial value says nothing
        // about the title. A constant, or a variable no other file can reach, keeps what this file gives it.
        let facts = read(
            """
            class MessageViewController: UIViewController {
                var subject = ""
                var accent = UIColor.red
                private var draftTitle = "Draft"

                override func viewDidLoad() {
                    title = subject
                    navigationItem.title = draftTitle
                    navigationController?.navigationBar.tintColor = accent
                }

                func show(_ message: Message) { subject = "Re: x" }
            }

            class MailboxViewController: UIViewController {
                let heading = "Inbox"
                override func viewDidLoad() { title = heading }
            }
            """)
        let message = try #require(facts.screen("MessageViewController"))
        #expect(message.values == [.title(.unknown), .itemTitle(.known("Draft")), .bar(.tintColor, .unknown)])
        let mailbox = try #require(facts.screen("MailboxViewController"))
        #expect(mailbox.values == [.title(.known("Inbox"))])
    }

    @Test func valuesKnownOnlyAtRunTimeAreUnknown() throws {
        let facts = read(
            """
            class OrderViewController: UIViewController {
                var order: Order!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    title = order.name
                    navigationItem.backButtonTitle = NSLocalizedString("Back", comment: "")
                    navigationItem.hidesBackButton = order.isLocked
                    navigationItem.backButtonDisplayMode = mode
                    navigationItem.title = "Order \\(order.number)"
                }
            }
            """)
        let screen = try #require(facts.screen("OrderViewController"))
        #expect(
            screen.values == [
                .title(.unknown), .backButtonTitle(.unknown), .hidesBackButton(.unknown), .backButtonDisplayMode(.unknown),
                .itemTitle(.unknown),
            ])
    }

    @Test func literalsThroughLocalsAndConcatenation() throws {
        let facts = read(
            """
            class SearchViewController: UIViewController {
                override func viewDidLoad() {
                    let heading = "Search"
                    title = heading
                    navigationItem.backButtonTitle = "Se" + "arch"
                    navigationItem.title = "Tab\\tbed \\u{1F600}"
                }
            }
            """)
        let screen = try #require(facts.screen("SearchViewController"))
        #expect(screen.values == [.title(.known("Search")), .backButtonTitle(.known("Search")), .itemTitle(.known("Tab\tbed 😀"))])
    }

    @Test func settingsInInitialisersObserversLazyVarsAndClosures() throws {
        let facts = read(
            """
            class ComposeViewController: UITableViewController {
                var draft: Draft? {
                    didSet { navigationItem.title = "Edited" }
                }
                lazy var configured: Bool = {
                    navigationItem.largeTitleDisplayMode = .never
                    navigationItem.hidesBackButton = true
                    return true
                }()
                init() {
                    super.init(style: .grouped)
                    navigationItem.backButtonDisplayMode = .generic
                }
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    UIView.animate(withDuration: 0.3) {
                        self.navigationController?.setNavigationBarHidden(true, animated: animated)
                    }
                }
            }
            """)
        let screen = try #require(facts.screen("ComposeViewController"))
        #expect(
            screen.values == [
                .itemTitle(.known("Edited")), .largeTitleDisplayMode(.known(.never)), .hidesBackButton(.known(true)),
                .backButtonDisplayMode(.known(.generic)), .barHidden(.known(true)),
            ])
    }

    @Test("large titles and the integrated search field (GEO-13, GEO-16)")
    func largeTitleAndSearch() throws {
        let facts = read(
            """
            final class MailboxesViewController: UITableViewController {
                let searchController = UISearchController(searchResultsController: nil)
                override func viewDidLoad() {
                    super.viewDidLoad()
                    navigationController?.navigationBar.prefersLargeTitles = true
                    navigationItem.largeTitleDisplayMode = .always
                    navigationItem.searchController = searchController
                    navigationItem.hidesSearchBarWhenScrolling = false
                }
                func endSearch() {
                    navigationItem.searchController = nil
                    navigationItem.largeTitleDisplayMode = displayMode
                }
            }
            """)
        let screen = try #require(facts.screen("MailboxesViewController"))
        #expect(
            screen.values == [
                .prefersLargeTitles(.known(true)), .largeTitleDisplayMode(.known(.always)), .searchController(.known(true)),
                .hidesSearchBarWhenScrolling(.known(false)), .searchController(.known(false)), .largeTitleDisplayMode(.unknown),
            ])
    }

    @Test func popGestureAndBarOfTheNavigationController() throws {
        let facts = read(
            """
            class PlayerViewController: UIViewController, UIGestureRecognizerDelegate {
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    navigationController?.interactivePopGestureRecognizer?.isEnabled = false
                    navigationController?.interactivePopGestureRecognizer?.delegate = self
                    navigationController?.interactivePopGestureRecognizer?.delegate = nil
                    navigationController?.interactivePopGestureRecognizer?.delegate = coordinator
                    navigationController?.navigationBar.isTranslucent = false
                    navigationController?.navigationBar.prefersLargeTitles = true
                    navigationController?.navigationBar.isHidden = false
                    navigationController?.isNavigationBarHidden = true
                }
            }
            """)
        let screen = try #require(facts.screen("PlayerViewController"))
        #expect(
            screen.values == [
                .popGestureEnabled(.known(false)), .popGestureDelegate(.this), .popGestureDelegate(.none), .popGestureDelegate(.other),
                .barTranslucent(.known(false)), .prefersLargeTitles(.known(true)), .barHidden(.known(false)), .barHidden(.known(true)),
            ])
    }

    @Test func navigationControllerSubclassSetsItsOwnMembers() throws {
        let facts = read(
            """
            final class RootNavigationController: UINavigationController, UIGestureRecognizerDelegate {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    interactivePopGestureRecognizer?.delegate = self
                    navigationBar.tintColor = .white
                    self.navigationBar.barTintColor = UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
                    navigationBar.titleTextAttributes = [.foregroundColor: UIColor.white, .font: UIFont.boldSystemFont(ofSize: 17)]
                    setNavigationBarHidden(false, animated: false)
                }

                func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                    viewControllers.count > 1
                }
            }
            """)
        let screen = try #require(facts.screen("RootNavigationController"))
        #expect(
            screen.values == [
                .popGestureDelegate(.this), .bar(.tintColor, .system("white")),
                .bar(.barTintColor, .literal(Color(red: 0.1, green: 0.2, blue: 0.3))), .bar(.titleColor, .system("white")),
                .barHidden(.known(false)),
            ])
        #expect(screen.hooks.map(\.kind) == [.gestureShouldBegin])
        #expect(screen.hooks.first?.location.line == 11)
    }

    @Test func barAliasesThroughLocals() throws {
        let facts = read(
            """
            class MapViewController: UIViewController {
                override func viewWillAppear(_ animated: Bool) {
                    guard let bar = navigationController?.navigationBar else { return }
                    bar.barTintColor = .black
                    if let navigationController {
                        navigationController.navigationBar.tintColor = .systemOrange
                    }
                    let nav = self.navigationController!
                    nav.interactivePopGestureRecognizer?.isEnabled = true
                }
            }
            """)
        let screen = try #require(facts.screen("MapViewController"))
        #expect(
            screen.values == [
                .bar(.barTintColor, .system("black")), .bar(.tintColor, .system("systemOrange")), .popGestureEnabled(.known(true)),
            ])
    }

    @Test func appearanceObjectsFollowTheirConfiguration() throws {
        let facts = read(
            """
            class ThemedViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let appearance = UINavigationBarAppearance()
                    appearance.configureWithOpaqueBackground()
                    appearance.backgroundColor = UIColor(red: 255 / 255, green: 128 / 255.0, blue: 0, alpha: 1)
                    navigationController?.navigationBar.standardAppearance = appearance
                    navigationController?.navigationBar.scrollEdgeAppearance = appearance
                    let clear = UINavigationBarAppearance()
                    clear.configureWithTransparentBackground()
                    navigationItem.compactAppearance = clear
                    let plain = UINavigationBarAppearance()
                    navigationItem.scrollEdgeAppearance = plain
                }
            }
            """)
        let screen = try #require(facts.screen("ThemedViewController"))
        let orange = ColorValue.literal(Color(red: 1, green: 128.0 / 255, blue: 0))
        #expect(
            screen.values == [
                .appearance(.standard, background: orange), .appearance(.scrollEdge, background: orange),
                .appearance(.compact, background: .system("clear")), .appearance(.scrollEdge, background: .unknown),
            ])
    }

    @Test func backgroundSetAfterTheAssignmentStillCounts() throws {
        // The appearance is an object: the bar holds the one the code goes on configuring.
        let facts = read(
            """
            class LateViewController: UIViewController {
                override func viewDidLoad() {
                    let appearance = UINavigationBarAppearance()
                    navigationItem.standardAppearance = appearance
                    appearance.backgroundColor = .systemIndigo
                }
            }
            """)
        #expect(facts.screen("LateViewController")?.values == [.appearance(.standard, background: .system("systemIndigo"))])
    }

    @Test func titleViewSizeFromALiteralFrame() throws {
        let facts = read(
            """
            class LogoViewController: UIViewController {
                private let logo = UIImageView(frame: CGRect(x: 0, y: 0, width: 120, height: 28))
                override func viewDidLoad() {
                    navigationItem.titleView = logo
                    navigationItem.titleView = UIImageView(image: UIImage(named: "logo"))
                    let label = UILabel(frame: .init(origin: .zero, size: CGSize(width: 200, height: 44)))
                    navigationItem.titleView = label
                    navigationItem.titleView = nil
                }
            }
            """)
        let screen = try #require(facts.screen("LogoViewController"))
        #expect(
            screen.values == [
                .titleView(.known(Size(width: 120, height: 28))), .titleView(.unknown), .titleView(.known(Size(width: 200, height: 44))),
            ])
    }

    @Test func backTitleOffsetOnTheScreensBackItem() throws {
        let facts = read(
            """
            class OffsetViewController: UIViewController {
                override func viewDidLoad() {
                    navigationItem.backBarButtonItem?.setBackButtonTitlePositionAdjustment(
                        UIOffset(horizontal: -200, vertical: 0), for: .default)
                }
            }
            """)
        #expect(facts.screen("OffsetViewController")?.values == [.backTitleOffset(.known(Point(x: -200, y: 0)))])
    }

    @Test func extensionsContributeToTheirScreen() throws {
        let facts = read(
            """
            class CartViewController: UIViewController {}

            extension CartViewController {
                func setUpNavigation() {
                    title = "Cart"
                    navigationItem.rightBarButtonItem = editButtonItem
                }
            }

            extension UIViewController {
                func hideBack() { navigationItem.hidesBackButton = true }
            }
            """)
        #expect(facts.screens.map(\.name) == ["CartViewController", "CartViewController", "UIViewController"])
        let ext = facts.screens[1]
        #expect(ext.superclass == nil)
        #expect(ext.location.line == 3)
        #expect(ext.values.first == .title(.known("Cart")))
        let items = ext.values.last?.items ?? []
        #expect(items.map(\.content) == [.system("edit")])
        #expect(items.first?.hasAction == .known(true))
        #expect(facts.screens[2].values == [.hidesBackButton(.known(true))])
    }

    @Test func everyClassWithASuperclassIsRecordedForTheHierarchy() throws {
        let facts = read(
            """
            class DetailViewController: BaseViewController {}
            class SettingsScreen: BaseScreen {}
            class Session {}
            class AvatarView: UIView {}
            """)
        #expect(facts.screens.map(\.name) == ["DetailViewController"])
        #expect(facts.screens.first?.superclass == "BaseViewController")
        #expect(facts.classes.map(\.name) == ["SettingsScreen", "AvatarView"])
        #expect(facts.classes.map(\.superclass) == ["BaseScreen", "UIView"])
    }

    @Test func protocolsFirstInTheClauseAreNotSuperclasses() throws {
        let facts = read(
            """
            final class PopGestureGuard: UIGestureRecognizerDelegate {
                func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
            }
            final class Session: Codable {}
            final class Router: NavigationRouting {
                func start() { navigationController?.navigationBar.tintColor = .red }
            }
            """)
        #expect(facts.classes.map(\.name) == ["PopGestureGuard"])
        #expect(facts.classes.first?.superclass == nil)
        // An app's own protocol cannot be told from a class by its name: it is kept as written.
        #expect(facts.screen("Router")?.superclass == "NavigationRouting")
    }

    @Test func titleColourThroughTheAttributesSubscript() throws {
        let facts = read(
            """
            class DarkViewController: UIViewController {
                override func viewDidLoad() {
                    navigationController?.navigationBar.titleTextAttributes?[.foregroundColor] = UIColor.white
                    navigationController?.navigationBar.titleTextAttributes?[NSAttributedString.Key.font] = font
                }
            }
            """)
        #expect(facts.screen("DarkViewController")?.values == [.bar(.titleColor, .system("white"))])
    }
}
