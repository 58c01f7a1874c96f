import NavModel
import NavSource
import Testing

@testable import NavSwift

@Suite("Edges and hooks")
struct EdgesAndHooksTests {
    @Test func pushesShowsAndPresents() throws {
        let facts = read(
            """
            class HomeViewController: UIViewController {
                func open(_ item: Item) {
                    navigationController?.pushViewController(DetailViewController(item: item), animated: true)
                    let settings = SettingsViewController()
                    show(settings, sender: self)
                    let editor = EditorViewController.init()
                    present(UINavigationController(rootViewController: editor), animated: true)
                    navigationController?.pushViewController(controllerFactory.make(), animated: true)
                    performSegue(withIdentifier: "ShowDetail", sender: self)
                }
            }
            """)
        let edges = facts.edges.map { "\($0.kind) \($0.from ?? "-") \($0.to)" }
        #expect(
            edges == [
                "push HomeViewController className(\"DetailViewController\")",
                "show HomeViewController className(\"SettingsViewController\")",
                "present HomeViewController className(\"UINavigationController\")",
                "root UINavigationController className(\"EditorViewController\")",
                "push HomeViewController unknown",
                "show HomeViewController unknown",
            ])
        #expect(facts.edges.map(\.location.line) == [3, 5, 7, 7, 8, 9])
        #expect(facts.edges.first?.location.column == 9)
        #expect(facts.edges[3].location.column == 17)
    }

    @Test func addChildOnTheScreenNamesItAsTheContainer() throws {
        let facts = read(
            """
            class OnboardingViewController: UIViewController {
                lazy var buttons = ButtonsViewController()
                func load() {
                    guard let page = storyboard?.instantiateViewController(withIdentifier: "Welcome") as? PageViewController else { return }
                    addChild(page)
                    self.addChild(buttons)
                    other.addChild(SummaryViewController())
                    super.addChild(page)
                    scene.addChild(node, at: 0)
                    setViewControllers([page], direction: .forward, animated: false)
                    pager.setViewControllers([IntroViewController()], direction: .reverse, animated: true, completion: nil)
                }
            }
            """)
        let edges = facts.edges.map { "\($0.kind) \($0.from ?? "-") \($0.to)" }
        #expect(
            edges == [
                "child OnboardingViewController className(\"PageViewController\")",
                "child OnboardingViewController className(\"ButtonsViewController\")",
                "child - className(\"SummaryViewController\")",
                // A page view controller's pages.
                "child OnboardingViewController className(\"PageViewController\")",
                "child - className(\"IntroViewController\")",
            ])
        #expect(facts.edges.map(\.location.line) == [5, 6, 7, 10, 11])
    }

    @Test func aPushThatSetViewControllersReplacesLeavesItsScreenTheRoot() throws {
        let source = """
            final class DiaryCoordinator {
                private lazy var overview = OverviewViewController()
                lazy var navigation: UINavigationController = {
                    UINavigationController(rootViewController: IntroViewController(onDone: { [weak self] in
                        guard let self else { return }
                        self.navigation.pushViewController(self.overview, animated: true)
                        // The overview becomes the only screen, so there is no way back to the intro.
                        self.navigation.setViewControllers([self.overview], animated: false)
                    }))
                }()
            }

            final class IntroViewController: UIViewController {
                func next(_ other: UINavigationController) {
                    navigationController?.pushViewController(StepViewController(), animated: true)
                    other.setViewControllers([StepViewController()], animated: false)
                    if ready {
                        navigationController?.pushViewController(ResultViewController(), animated: true)
                    }
                    navigationController?.setViewControllers([ResultViewController()], animated: false)
                }
            }
            """
        let edges = read(source).edges.map { "\($0.kind) \($0.to)" }
        // Without the stack set after it, the overview's push is an edge: the check below could otherwise pass on a
        // push the reader never resolved.
        let replaced = "self.navigation.setViewControllers([self.overview], animated: false)"
        #expect(source.contains(replaced))
        let pushedOnly = read(source.replacingOccurrences(of: replaced, with: "")).edges.map { "\($0.kind) \($0.to)" }
        #expect(pushedOnly.contains("push className(\"OverviewViewController\")"), "\(pushedOnly)")
        // The overview: rooted, never pushed. A stack set on another receiver, or after a push in a branch,
        // leaves the push standing.
        #expect(!edges.contains("push className(\"OverviewViewController\")"), "\(edges)")
        #expect(edges.contains("push className(\"StepViewController\")"), "\(edges)")
        #expect(edges.contains("push className(\"ResultViewController\")"), "\(edges)")
        #expect(edges.contains("root className(\"ResultViewController\")"), "\(edges)")
    }

    @Test func aBarHiddenAsTheScreenLeavesIsNotItsOwn() throws {
        let facts = read(
            """
            final class PlayerViewController: UIViewController {
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    navigationController?.setNavigationBarHidden(true, animated: animated)
                }
                override func viewWillDisappear(_ animated: Bool) {
                    super.viewWillDisappear(animated)
                    navigationController?.setNavigationBarHidden(false, animated: animated)
                    transitionCoordinator?.animate(alongsideTransition: { _ in
                        self.navigationController?.navigationBar.barTintColor = .black
                    })
                    navigationItem.backButtonTitle = "Player"
                }
            }
            """)
        let settings = try #require(facts.screens.first?.settings.map(\.value))
        #expect(settings.filter(\.isStackWide) == [.barHidden(.known(true))])
        #expect(settings.contains(.backButtonTitle(.known("Player"))))
        // They are given apart, for the screen that shows next.
        let leaving = try #require(facts.screens.first?.leaving)
        #expect(leaving.map(\.value) == [.barHidden(.known(false)), .bar(.barTintColor, .system("black"))])
        #expect(leaving.map(\.location.line) == [8, 10])
    }

    @Test func storyboardInstantiation() throws {
        let facts = read(
            """
            class MenuViewController: UITableViewController {
                override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    guard let detail = storyboard?.instantiateViewController(withIdentifier: "Detail") as? DetailViewController else {
                        return
                    }
                    navigationController?.pushViewController(detail, animated: true)
                    let about = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "About")
                    navigationController?.pushViewController(about, animated: true)
                    let help = storyboard!.instantiateViewController(identifier: "Help") as! HelpViewController
                    show(help, sender: nil)
                }
            }
            """)
        #expect(
            facts.edges.map(\.to) == [
                .className("DetailViewController"), .storyboardIdentifier("About"), .className("HelpViewController"),
            ])
    }

    @Test func rootsAndStacks() throws {
        let facts = read(
            """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    window?.rootViewController = UINavigationController(rootViewController: HomeViewController())
                    let nav = MainNavigationController(rootViewController: LoginViewController())
                    nav.setViewControllers([LoginViewController(), WelcomeViewController()], animated: false)
                    let tabs = UITabBarController()
                    tabs.setViewControllers([nav], animated: false)
                }
            }

            class OnboardingNavigationController: UINavigationController {
                func reset() {
                    viewControllers = [StartViewController(), StepViewController()]
                }
            }
            """)
        let edges = facts.edges.map { "\($0.kind) \($0.from ?? "-") \($0.to)" }
        #expect(
            edges == [
                "root UINavigationController className(\"HomeViewController\")",
                "root MainNavigationController className(\"LoginViewController\")",
                "root MainNavigationController className(\"LoginViewController\")",
                "push MainNavigationController className(\"WelcomeViewController\")",
                "root OnboardingNavigationController className(\"StartViewController\")",
                "push OnboardingNavigationController className(\"StepViewController\")",
            ])
    }

    @Test func hostingControllersShowTheirSwiftUIView() throws {
        let facts = read(
            """
            class AccountViewController: UIViewController {
                func openPrivacy() {
                    let controller = UIHostingController(rootView: PrivacyView(model: model))
                    navigationController?.pushViewController(controller, animated: true)
                }
            }
            """)
        #expect(facts.edges.map(\.to) == [.className("PrivacyView")])
    }

    @Test func superCallsInANavigationControllerAreNotEdges() throws {
        let facts = read(
            """
            class TrackingNavigationController: UINavigationController {
                override func pushViewController(_ viewController: UIViewController, animated: Bool) {
                    viewController.hidesBottomBarWhenPushed = viewControllers.count > 0
                    super.pushViewController(viewController, animated: animated)
                }
            }
            """)
        #expect(facts.edges.isEmpty)
    }

    @Test func touchHooks() throws {
        let facts = read(
            """
            class WideNavigationBar: UINavigationBar {
                override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
                    super.hitTest(point, with: event)
                }
                override func point(inside point: CGPoint, with event: UIEvent?) -> Bool { true }
            }

            class BackButtonView: UIView {
                override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                    bounds.insetBy(dx: -10, dy: -10).contains(point)
                }
            }
            """)
        #expect(facts.screens.isEmpty)
        #expect(facts.classes.map(\.name) == ["WideNavigationBar", "BackButtonView"])
        #expect(facts.classes[0].hooks.map(\.kind) == [.hitTest, .pointInside])
        #expect(facts.classes[0].hooks.map(\.location.line) == [2, 5])
        #expect(facts.classes[0].hooks.first?.location.column == 14)
        #expect(facts.classes[1].hooks.map(\.name) == ["point(inside:with:)"])
    }

    @Test func backInterceptionHooks() throws {
        let facts = read(
            """
            protocol BackButtonHandling {
                func navigationShouldPopOnBackButton() -> Bool
            }

            extension UINavigationController: UINavigationBarDelegate {
                public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
                    (topViewController as? BackButtonHandling)?.navigationShouldPopOnBackButton() ?? true
                }
            }

            class CheckoutViewController: UIViewController, BackButtonHandling {
                @objc
                func navigationShouldPopOnBackButton() -> Bool { confirmLeaving() }
            }
            """)
        #expect(facts.screens.map(\.name) == ["UINavigationController", "CheckoutViewController"])
        #expect(facts.screens[0].hooks.map(\.kind) == [.shouldPop])
        #expect(facts.screens[0].superclass == nil)
        #expect(facts.screens[1].hooks.map(\.kind) == [.backButtonHandler])
        #expect(facts.screens[1].hooks.first?.location.line == 13)
    }

    @Test func aCallbackWithArgumentsIsNotABackButtonHandler() throws {
        let facts = read(
            """
            final class BrowserViewController: UIViewController, ServerBrowserDelegate {
                func serverBrowserShouldPopView(_ browser: ServerBrowser) {
                    navigationController?.popViewController(animated: true)
                }
                func shouldPopOnBackButton() -> Bool { !isUploading }
            }
            """)
        #expect(facts.screens.first?.hooks.map(\.name) == ["shouldPopOnBackButton"])
        #expect(facts.screens.first?.hooks.map(\.kind) == [.backButtonHandler])
    }

    @Test func swizzledPops() throws {
        let facts = read(
            """
            extension UINavigationController {
                static let swizzleOnce: Void = {
                    let original = class_getInstanceMethod(UINavigationController.self, #selector(popViewController(animated:)))
                    let swizzled = class_getInstanceMethod(UINavigationController.self, #selector(app_popViewController(animated:)))
                    if let original, let swizzled {
                        method_exchangeImplementations(original, swizzled)
                    }
                }()

                @objc func app_popViewController(animated: Bool) -> UIViewController? {
                    app_popViewController(animated: animated)
                }
            }

            extension UIViewController {
                static func swizzleAppearance() {
                    swizzle(#selector(viewWillAppear(_:)), with: #selector(app_viewWillAppear(_:)))
                }
            }

            extension UINavigationBar {
                static func installBackHook() {
                    exchangeMethods(Selector("navigationBar:shouldPopItem:"), NSSelectorFromString("app_navigationBar:shouldPopItem:"))
                }
            }
            """)
        #expect(facts.screens.map(\.name) == ["UINavigationController"])
        let hook = try #require(facts.screens.first?.hooks.first)
        #expect(hook.kind == .swizzledPop)
        #expect(hook.name == "popViewController(animated:)")
        #expect(hook.location.line == 6)
        #expect(facts.classes.map(\.name) == ["UINavigationBar"])
        #expect(facts.classes.first?.hooks.map(\.name) == ["navigationBar:shouldPopItem:"])
    }

    @Test func anExtensionOfAViewControllerThatPushesIsItsScreen() {
        let facts = read(
            """
            extension OrdersViewController {
                func openOrder(_ order: Order) {
                    navigationController?.pushViewController(OrderDetailViewController(order: order), animated: true)
                }
            }
            """)
        #expect(facts.screens.map(\.name) == ["OrdersViewController"])
        #expect(facts.edges.first?.from == "OrdersViewController")
    }

    @Test func selectorsAreReadWithoutTheirOwner() throws {
        let facts = read(
            """
            class ActionsViewController: UIViewController {
                override func viewDidLoad() {
                    navigationItem.rightBarButtonItems = [
                        UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(ActionsViewController.done)),
                        UIBarButtonItem(barButtonSystemItem: .save, target: self, action: #selector(self.save(_:))),
                        UIBarButtonItem(barButtonSystemItem: .add, target: self, action: Selector("add:")),
                        UIBarButtonItem(barButtonSystemItem: .edit, target: self, action: #selector(Editing.edit(sender:))),
                    ]
                }
            }
            """)
        let items = try #require(facts.screen("ActionsViewController")?.values.first?.items)
        #expect(items.map(\.action) == ["done", "save(_:)", "add:", "edit(sender:)"])
    }
}
