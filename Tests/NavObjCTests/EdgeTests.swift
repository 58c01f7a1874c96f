import NavSource
import Testing

@testable import NavObjC

@Suite("Edges")
struct EdgeTests {
    static func edges(at needle: String) throws -> [Edge] {
        let (facts, text) = try Source.fixture("Edges.m")
        let line = Source.line(of: needle, in: text)
        return facts.edges.filter { $0.location.line == line }
    }

    @Test("Pushes of a local of known class, of an inline [X new], and a show")
    func pushes() throws {
        let push = try Self.edges(at: "pushViewController:productController")
        #expect(push.map(\.kind) == [.push])
        #expect(push.map(\.from) == ["CatalogViewController"])
        #expect(push.map(\.to) == [.className("ProductViewController")])
        #expect(push.first?.location.column == 5)
        #expect(try Self.edges(at: "[CartViewController new]").map(\.to) == [.className("CartViewController")])
        let show = try Self.edges(at: "showViewController:reviews")
        #expect(show.map(\.kind) == [.show])
        #expect(show.map(\.to) == [.className("ReviewsViewController")])
    }

    @Test("Storyboard instantiation: by identifier, or by class when the local or a cast names it")
    func storyboards() throws {
        #expect(try Self.edges(at: "pushViewController:settings").map(\.to) == [.storyboardIdentifier("Settings")])
        #expect(try Self.edges(at: "pushViewController:about").map(\.to) == [.className("AboutViewController")])
        #expect(try Self.edges(at: "pushViewController:help").map(\.to) == [.className("HelpViewController")])
    }

    @Test("A navigation controller's root, hosted by the class it allocates; a presentation")
    func roots() throws {
        let root = try Self.edges(at: "initWithRootViewController:login")
        #expect(root.map(\.kind) == [.root])
        #expect(root.map(\.from) == ["UINavigationController"])
        #expect(root.map(\.to) == [.className("LoginViewController")])
        let present = try Self.edges(at: "presentViewController:nav")
        #expect(present.map(\.kind) == [.present])
        #expect(present.map(\.to) == [.className("UINavigationController")])
        let app = try Self.edges(at: "MainNavigationController alloc")
        #expect(app.map(\.from) == ["MainNavigationController"])
        #expect(app.map(\.to) == [.className("HomeViewController")])
    }

    @Test("setViewControllers: makes a root and pushes each screen on the one before")
    func stacks() throws {
        let stack = try Self.edges(at: "setViewControllers:")
        #expect(stack.map(\.kind) == [.root, .push])
        #expect(stack.map(\.from) == ["CatalogViewController", "HomeViewController"])
        #expect(stack.map(\.to) == [.className("HomeViewController"), .className("ProfileViewController")])
    }

    @Test("A push that setViewControllers:@[x] then replaces leaves x the root; another stack, or a branch, keeps it")
    func pushReplacedByRoot() throws {
        #expect(try Self.edges(at: "pushViewController:overview").isEmpty)
        let root = try Self.edges(at: "setViewControllers:@[overview]")
        #expect(root.map(\.kind) == [.root])
        #expect(root.map(\.to) == [.className("OverviewViewController")])
        // The control: the same push followed by a stack of another screen is still a push.
        #expect(try Self.edges(at: "pushViewController:orders").map(\.to) == [.className("OrdersViewController")])
        #expect(try Self.edges(at: "setViewControllers:@[[HomeViewController new]]").map(\.kind) == [.root])
        // Only when the stack is set in a branch may the push stand, so it is kept.
        #expect(try Self.edges(at: "pushViewController:account").map(\.kind) == [.push])
    }

    @Test("A screen from a router is unknown; a controller's own factory names its class")
    func factories() throws {
        #expect(try Self.edges(at: "pushViewController:routed").map(\.to) == [.unknown])
        #expect(try Self.edges(at: "controllerWithUserID").map(\.to) == [.className("ProfileViewController")])
    }

    @Test("addChildViewController: on self makes the unit the container; on another receiver the container is unnamed")
    func children() throws {
        let facts = Source.read(
            """
            @implementation PagerViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                PageViewController *page = [[PageViewController alloc] init];
                [self addChildViewController:page];
                [self.other addChildViewController:[SummaryViewController new]];
                [self pushViewController:page animated:YES];
                [self setViewControllers:@[page] direction:UIPageViewControllerNavigationDirectionForward animated:NO completion:nil];
                [self.pager setViewControllers:@[[IntroViewController new]] direction:UIPageViewControllerNavigationDirectionReverse animated:YES completion:nil];
            }
            @end
            """)
        let children = facts.edges.filter { $0.kind == .child }
        #expect(children.map(\.from) == ["PagerViewController", nil, "PagerViewController", nil])
        #expect(
            children.map(\.to) == [
                .className("PageViewController"), .className("SummaryViewController"), .className("PageViewController"),
                .className("IntroViewController"),
            ])
        #expect(children.map(\.location.line) == [5, 6, 8, 9])
    }

    @Test("An app delegate is no screen: its class gives no draft")
    func appDelegate() throws {
        let (facts, _) = try Source.fixture("Edges.m")
        #expect(facts.screen("AppDelegate") == nil)
        #expect(facts.screens.map(\.name) == ["CatalogViewController"])
    }
}
