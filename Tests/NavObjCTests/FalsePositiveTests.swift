import NavSource
import Testing

@testable import NavObjC

/// A false positive of the linter is a bug: none of these sets a navigation member.
@Suite("What is not a setting")
struct FalsePositiveTests {
    @Test("Locals named like items, commented-out code, code in strings, #if 0, members of possibly-nil items, other objects")
    func quietScreen() throws {
        let (facts, _) = try Source.fixture("FalsePositives.m")
        let screen = try #require(facts.screen("QuietViewController"))
        #expect(screen.settings.isEmpty)
        #expect(facts.appWide.isEmpty)
        #expect(facts.edges.isEmpty)
        #expect(facts.problems.isEmpty)
    }

    @Test("A custom view's own hidesBackButton, leftBarButtonItem and title are not a screen's")
    func customView() throws {
        let (facts, _) = try Source.fixture("FalsePositives.m")
        #expect(facts.screen("ToolbarView") == nil)
        #expect(facts.classDraft("ToolbarView") == nil)
        #expect(facts.screen("CustomNavigationBarView") == nil)
        #expect(facts.screen("ProfileHeader") == nil)
        #expect(facts.screens.map(\.name) == ["QuietViewController"])
    }

    @Test("Inline: the same shapes in a screen that also sets one real member")
    func inline() {
        let facts = Source.read(
            """
            @implementation ProfileViewController
            - (void)viewDidLoad {
                UIBarButtonItem *leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"x" style:0 target:self action:@selector(x)];
                self.headerView.hidesBackButton = YES;
                self.navigationItem.backBarButtonItem.title = @"";
                [self.navigationController.navigationBar.topItem setHidesBackButton:YES];
                self.navigationController.topViewController.navigationItem.leftBarButtonItem = nil;
                self.navigationItem.rightBarButtonItem = leftBarButtonItem;
            }
            @end
            """)
        let settings = facts.screen("ProfileViewController")?.settings ?? []
        #expect(settings.map(\.location.line) == [8])
        #expect(settings.first?.value.items?.first?.content == .title(.known("x")))
    }
}
