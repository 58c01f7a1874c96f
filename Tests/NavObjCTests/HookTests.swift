import NavSource
import Testing

@testable import NavObjC

@Suite("Hooks")
struct HookTests {
    @Test("A bar subclass overriding hitTest and pointInside is a class with two hooks")
    func touchHooks() throws {
        let (facts, text) = try Source.fixture("Hooks.m")
        let bar = try #require(facts.classDraft("WideNavigationBar"))
        #expect(bar.superclass == "UINavigationBar")
        #expect(bar.hooks.map(\.kind) == [.hitTest, .pointInside])
        #expect(
            bar.hooks.map(\.location.line) == [
                Source.line(of: "- (UIView *)hitTest:", in: text), Source.line(of: "- (BOOL)pointInside:", in: text),
            ])
        #expect(facts.screen("WideNavigationBar") == nil)
    }

    @Test("A category answering navigationBar:shouldPopItem:, and the handlers it asks screens for")
    func backHandlers() throws {
        let (facts, text) = try Source.fixture("Hooks.m")
        let category = try #require(facts.classDraft("UINavigationController", category: "BackButtonHandler"))
        #expect(category.hooks.map(\.kind) == [.shouldPop])
        #expect(category.hooks.map(\.name) == ["navigationBar:shouldPopItem:"])
        let editor = try #require(facts.screen("EditorViewController"))
        #expect(editor.hooks.map(\.name) == ["navigationShouldPopOnBackButton", "backButtonPressedInBar"])
        #expect(editor.hooks.allSatisfy { $0.kind == .backButtonHandler })
        #expect(editor.hooks.first?.location.line == Source.line(of: "- (BOOL)navigationShouldPopOnBackButton", in: text))
    }

    @Test("A delegate callback whose name speaks of popping is not a back-button handler: the screen is asked with no argument")
    func callbacksAreNotHandlers() throws {
        let facts = Source.read(
            """
            @implementation ServerBrowserViewController
            - (void)serverBrowserShouldPopView:(id)browser
            {
                [self.navigationController popViewControllerAnimated:YES];
            }
            - (BOOL)shouldPopOnBackButton
            {
                return !self.uploading;
            }
            @end
            """, file: "ServerBrowserViewController.m")
        let screen = try #require(facts.screen("ServerBrowserViewController"))
        #expect(screen.hooks.map(\.name) == ["shouldPopOnBackButton"])
        #expect(screen.hooks.map(\.kind) == [.backButtonHandler])
    }

    @Test("A bar hidden as the screen leaves is hidden for the next screen; the back item set then is still its own")
    func leavingCallbacks() throws {
        let facts = Source.read(
            """
            @implementation LiveUpdatesViewController
            - (void)viewWillAppear:(BOOL)animated
            {
                [super viewWillAppear:animated];
                [self.navigationController setNavigationBarHidden:NO animated:NO];
            }
            - (void)viewWillDisappear:(BOOL)animated
            {
                [super viewWillDisappear:animated];
                [self.navigationController setNavigationBarHidden:YES animated:NO];
                self.navigationController.interactivePopGestureRecognizer.enabled = NO;
                self.navigationItem.backBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Live" style:UIBarButtonItemStylePlain target:nil action:nil];
            }
            @end
            """, file: "LiveUpdatesViewController.m")
        let screen = try #require(facts.screen("LiveUpdatesViewController"))
        #expect(screen.settings.map(\.value).filter(\.isStackWide) == [.barHidden(.known(false))])
        #expect(screen.leaving.map(\.value) == [.barHidden(.known(true)), .popGestureEnabled(.known(false))])
        #expect(screen.leaving.map(\.location.line) == [10, 11])
        #expect(screen.settings.contains { if case .backItem = $0.value { return true } else { return false } })
    }

    @Test("Swizzles of popViewControllerAnimated: and navigationBar:shouldPopItem:, by @selector or by name; others are not hooks")
    func swizzles() throws {
        let (facts, text) = try Source.fixture("Hooks.m")
        let pop = try #require(facts.classDraft("UIViewController", category: "PopSwizzle"))
        #expect(pop.hooks.map(\.kind) == [.swizzledPop])
        #expect(pop.hooks.map(\.name) == ["popViewControllerAnimated:"])
        #expect(pop.hooks.first?.location.line == Source.line(of: "method_exchangeImplementations(original, swizzled)", in: text))
        let shouldPop = try #require(facts.classDraft("UINavigationController", category: "ShouldPopSwizzle"))
        #expect(shouldPop.hooks.map(\.kind) == [.swizzledPop, .shouldPop])
        #expect(shouldPop.hooks.map(\.name) == ["navigationBar:shouldPopItem:", "xx_navigationBar:shouldPopItem:"])
        #expect(facts.classDraft("UIViewController", category: "AppearanceSwizzle") == nil)
    }

    @Test("gestureRecognizerShouldBegin: and gestureRecognizer:shouldReceiveTouch: guard the pop gesture")
    func gestureGuards() throws {
        let (facts, _) = try Source.fixture("Hooks.m")
        #expect(facts.screen("BaseNavigationController")?.hooks.map(\.kind) == [.gestureShouldBegin])
        #expect(facts.screen("GuardlessNavigationController")?.hooks.isEmpty == true)
        let (settings, _) = try Source.fixture("Settings.m")
        #expect(settings.screen("OrderListViewController")?.hooks.map(\.name) == ["gestureRecognizerShouldBegin:"])
    }

    @Test("A header's category declaring a back-button handler, its superclasses and its non-screen classes")
    func header() throws {
        let (facts, text) = try Source.fixture("Interfaces.h")
        let account = try #require(facts.screen("AccountViewController"))
        #expect(account.superclass == "BaseTableViewController")
        #expect(account.settings.isEmpty)
        #expect(account.location.line == Source.line(of: "@interface AccountViewController", in: text))
        #expect(facts.classDraft("AccountNavigationBar")?.superclass == "UINavigationBar")
        let handler = try #require(facts.classDraft("UIViewController", category: "BackButtonHandler"))
        #expect(handler.hooks.map(\.kind) == [.backButtonHandler])
        #expect(handler.hooks.map(\.name) == ["currentViewControllerShouldPop"])
        #expect(facts.classes.count == 2)
    }
}
