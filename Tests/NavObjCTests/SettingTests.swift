import NavModel
import NavSource
import Testing

@testable import NavObjC

@Suite("Navigation settings")
struct SettingTests {
    @Test("A list screen's settings, each at the first token of its statement")
    func listScreen() throws {
        let (facts, text) = try Source.fixture("Settings.m")
        let screen = try #require(facts.screen("OrderListViewController"))
        #expect(screen.kind == .viewController)
        #expect(screen.location.line == Source.line(of: "@implementation OrderListViewController", in: text))
        func at(_ needle: String) -> [SettingValue] {
            facts.settings(of: "OrderListViewController", line: Source.line(of: needle, in: text))
        }
        #expect(at("self.title = @\"Orders\"") == [.title(.known("Orders"))])
        #expect(at("self.navigationItem.title = @\"All Orders\"") == [.itemTitle(.known("All Orders"))])
        #expect(at("backButtonTitle = @\"Back\"") == [.backButtonTitle(.known("Back"))])
        #expect(at("leftItemsSupplementBackButton = YES") == [.leftItemsSupplementBackButton(.known(true))])
        #expect(at("prefersLargeTitles = YES") == [.prefersLargeTitles(.known(true))])
        #expect(at("translucent = NO") == [.barTranslucent(.known(false))])
        #expect(at("interactivePopGestureRecognizer.delegate = self") == [.popGestureDelegate(.this)])
        #expect(at("UINavigationItemBackButtonDisplayModeMinimal") == [.backButtonDisplayMode(.known(.minimal))])
        #expect(at("setNavigationBarHidden:NO") == [.barHidden(.known(false))])
        let back = try #require(facts.setting(of: "OrderListViewController", line: Source.line(of: "backBarButtonItem", in: text)))
        #expect(back.location.column == 5)
        guard case .backItem(let item?) = back.value else {
            Issue.record("no back item: \(back.value)")
            return
        }
        #expect(item.content == .title(.known("")))
        #expect(item.hasAction == .known(false))
        #expect(item.location.line == back.location.line && item.location.column == 45)
        #expect(screen.settings.allSatisfy { !$0.conditional })
        #expect(screen.settings.map(\.location) == screen.settings.map(\.location).sorted())
    }

    @Test("An item from a lazy getter of the class keeps where it is built")
    func lazyProperty() throws {
        let (facts, text) = try Source.fixture("Settings.m")
        let values = facts.settings(of: "OrderListViewController", line: Source.line(of: "rightBarButtonItem = self.filterItem", in: text))
        let item = try #require(values.first?.items?.first)
        #expect(item.content == .title(.known("Filter")))
        #expect(item.hasAction == .known(true))
        #expect(item.action == "showFilter:")
        #expect(item.location.line == Source.line(of: "_filterItem = [[UIBarButtonItem alloc]", in: text))
    }

    @Test("Messages set what assignments set: setHidesBackButton:animated:, setLeftBarButtonItem:animated:, setEnabled:")
    func messages() throws {
        let (facts, text) = try Source.fixture("Settings.m")
        func at(_ needle: String) -> [SettingValue] {
            facts.settings(of: "OrderDetailViewController", line: Source.line(of: needle, in: text))
        }
        #expect(at("setHidesBackButton:YES") == [.hidesBackButton(.known(true))])
        #expect(at("setEnabled:NO") == [.popGestureEnabled(.known(false))])
        #expect(at("navigationBarHidden = YES") == [.barHidden(.known(true))])
        let left = try #require(at("setLeftBarButtonItem:").first?.items)
        #expect(left.map(\.content) == [.title(.known("Close"))])
        #expect(left.map(\.hasAction) == [.known(true)])
        #expect(left.map(\.action) == ["close"])
        let setting = try #require(facts.setting(of: "OrderDetailViewController", line: Source.line(of: "setLeftBarButtonItem:", in: text)))
        #expect(setting.location.column == 5)
    }

    @Test("A title view with a literal frame, a title known only at run time, and a conditional edit item")
    func detailScreen() throws {
        let (facts, text) = try Source.fixture("Settings.m")
        func at(_ needle: String) -> [Setting] {
            let line = Source.line(of: needle, in: text)
            return facts.screen("OrderDetailViewController")?.settings.filter { $0.location.line == line } ?? []
        }
        #expect(at("titleView = titleLabel").map(\.value) == [.titleView(.known(Size(width: 160, height: 44)))])
        #expect(at("self.navigationItem.title = self.order.name").map(\.value) == [.itemTitle(.unknown)])
        let edit = try #require(at("self.editButtonItem").first)
        #expect(edit.conditional)
        #expect(edit.value.items?.map(\.content) == [.system("edit")])
    }

    @Test("Within a navigation controller subclass, the bar and the gesture are its own")
    func navigationController() throws {
        let (facts, text) = try Source.fixture("Hooks.m")
        func at(_ needle: String) -> [SettingValue] {
            facts.settings(of: "BaseNavigationController", line: Source.line(of: needle, in: text))
        }
        #expect(at("self.interactivePopGestureRecognizer.delegate = self") == [.popGestureDelegate(.this)])
        #expect(at("self.navigationBar.barTintColor") == [.bar(.barTintColor, .system("white"))])
        #expect(at("self.navigationBar.tintColor") == [.bar(.tintColor, .system("black"))])
        #expect(
            facts.settings(of: "GuardlessNavigationController", line: Source.line(of: "delegate = nil", in: text)) == [
                .popGestureDelegate(.none)
            ])
    }

    @Test("A bar reached through a local variable is the screen's bar")
    func localBar() throws {
        let (facts, text) = try Source.fixture("Colors.m")
        let line = Source.line(of: "bar.barTintColor = [UIColor colorWithWhite", in: text)
        #expect(
            facts.settings(of: "PaletteViewController", line: line) == [
                .bar(.barTintColor, .literal(Color(red: 0.2, green: 0.2, blue: 0.2)))
            ])
    }

    @Test("Settings inside blocks belong to the screen: at once for dispatch and animations, conditional in other blocks")
    func blocks() throws {
        let (facts, text) = try Source.fixture("Blocks.m")
        func at(_ needle: String) -> Setting? { facts.setting(of: "FeedViewController", line: Source.line(of: needle, in: text)) }
        #expect(at("navigationItem.title = @\"Feed\"")?.value == .itemTitle(.known("Feed")))
        #expect(at("navigationItem.title = @\"Feed\"")?.conditional == false)
        #expect(at("barTintColor = [UIColor whiteColor]")?.conditional == false)
        #expect(at("hidesBackButton = NO")?.conditional == true)
        #expect(at("UIBarButtonSystemItemRefresh")?.conditional == true)
        #expect(at("UIBarButtonSystemItemRefresh")?.value.items?.map(\.hasAction) == [.known(true)])
        #expect(at("weakSelf.title = json")?.value == .title(.unknown))
        #expect(at("weakSelf.title = json")?.conditional == true)
        #expect(at("leftItemsSupplementBackButton = YES")?.conditional == false)
        // After `if (…) return;` the rest of the method may not run.
        #expect(at("hidesBackButton = YES")?.conditional == true)
    }

    @Test("Categories make settings for their class; a category's property comes from the class's getter")
    func categories() throws {
        let (facts, text) = try Source.fixture("Categories.m")
        let drafts = facts.screens.filter { $0.name == "AccountViewController" }
        #expect(drafts.count == 2)
        let category = try #require(drafts.first { !$0.settings.isEmpty })
        #expect(category.superclass == nil)
        #expect(category.location.line == Source.line(of: "@implementation AccountViewController (Navigation)", in: text))
        let item = try #require(category.settings.first?.value.items?.first)
        #expect(item.content == .customView(CustomViewDraft(viewClass: "UIButton", size: .known(Size(width: 32, height: 32)))))
        #expect(category.hooks.map(\.kind) == [.backButtonHandler])
        #expect(category.settings.allSatisfy { !$0.conditional })
    }

    @Test("A category of a UIKit class reaches only the screens that call it: its settings are conditional")
    func uikitCategories() throws {
        let (facts, _) = try Source.fixture("Categories.m")
        let category = try #require(facts.screen("UIViewController"))
        #expect(category.superclass == nil)
        #expect(category.settings.map(\.value.items?.count) == [nil, 1])
        #expect(category.settings.allSatisfy { $0.conditional })
    }

    @Test("Objective-C++: C++ around and inside methods is stepped over")
    func objectiveCPlusPlus() throws {
        let (facts, text) = try Source.fixture("Bridge.mm")
        func at(_ needle: String) -> [SettingValue] {
            facts.settings(of: "CppBridgeViewController", line: Source.line(of: needle, in: text))
        }
        #expect(at("self.title = [NSString") == [.title(.unknown)])
        let back = try #require(at("backBarButtonItem").first)
        guard case .backItem(let item?) = back else {
            Issue.record("no back item")
            return
        }
        #expect(item.content == .title(.known("Back")) && item.hasAction == .known(true) && item.action == "goBack:")
        #expect(
            at("initWithCustomView:button").first?.items?.first?.content
                == .customView(CustomViewDraft(viewClass: "UIButton", size: .known(Size(width: 24, height: 24)))))
        let lambda = try #require(facts.setting(of: "CppBridgeViewController", line: Source.line(of: "backButtonTitle = text", in: text)))
        #expect(lambda.value == .backButtonTitle(.unknown))
        #expect(lambda.conditional)
        #expect(facts.problems.isEmpty)
    }

    @Test("A value chosen by ?: is two settings, each of which may not take effect")
    func ternaries() {
        let facts = Source.read(
            """
            @implementation ChoiceViewController
            - (void)viewDidLoad {
                self.navigationItem.leftBarButtonItem = self.isRoot ? nil : [[UIBarButtonItem alloc] initWithTitle:@"Back" style:0 target:self action:@selector(back)];
                self.navigationItem.hidesBackButton = self.locked ? YES : NO;
            }
            @end
            """)
        let settings = facts.screen("ChoiceViewController")?.settings ?? []
        #expect(settings.count == 4)
        #expect(settings.allSatisfy { $0.conditional })
        #expect(settings.map(\.value.items?.count) == [0, 1, nil, nil])
        #expect(settings.suffix(2).map(\.value) == [.hidesBackButton(.known(true)), .hidesBackButton(.known(false))])
    }
}

@Suite("Large titles and search in Objective-C")
struct LargeTitleSettingTests {
    @Test("largeTitleDisplayMode by name or raw value, searchController set or cleared (GEO-13, GEO-16)")
    func largeTitleAndSearch() throws {
        let text = """
            @implementation InboxViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.navigationItem.largeTitleDisplayMode = UINavigationItemLargeTitleDisplayModeNever;
                self.navigationItem.searchController = self.searchController;
                self.navigationItem.hidesSearchBarWhenScrolling = NO;
            }
            - (void)reset {
                self.navigationItem.largeTitleDisplayMode = 1;
                self.navigationItem.searchController = nil;
                self.navigationItem.largeTitleDisplayMode = self.mode;
            }
            @end
            """
        let facts = Source.read(text)
        let screen = try #require(facts.screen("InboxViewController"))
        #expect(
            screen.settings.map(\.value) == [
                .largeTitleDisplayMode(.known(.never)), .searchController(.known(true)), .hidesSearchBarWhenScrolling(.known(false)),
                .largeTitleDisplayMode(.known(.always)), .searchController(.known(false)), .largeTitleDisplayMode(.unknown),
            ])
    }
}
