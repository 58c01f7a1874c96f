import NavModel
import NavSource
import Testing

@testable import NavObjC

@Suite("Bar button items")
struct ItemTests {
    static func items(_ needle: String, _ screen: String = "ItemsViewController") throws -> [ItemDraft] {
        let (facts, text) = try Source.fixture("Items.m")
        return try #require(facts.settings(of: screen, line: Source.line(of: needle, in: text)).first?.items)
    }

    @Test("A negative fixed space and a custom view button of literal size, both built in locals")
    func leftItems() throws {
        let (_, text) = try Source.fixture("Items.m")
        let items = try Self.items("leftBarButtonItems = @[spacer, backItem]")
        #expect(
            items.map(\.content) == [
                .fixedSpace(.known(-10)), .customView(CustomViewDraft(viewClass: "UIButton", size: .known(Size(width: 30, height: 30)))),
            ])
        #expect(
            items.map(\.location.line) == [
                Source.line(of: "*spacer = [[UIBarButtonItem alloc]", in: text),
                Source.line(of: "*backItem = [[UIBarButtonItem alloc]", in: text),
            ])
        #expect(items.map(\.hasAction) == [.known(false), .known(false)])
    }

    @Test("Image, system, flexible space and an app factory in arrayWithObjects:")
    func rightItems() throws {
        let items = try Self.items("arrayWithObjects:share, add, flexible, more, nil")
        #expect(items.map(\.content) == [.image("share"), .system("add"), .flexibleSpace, .unknown])
        #expect(items.map(\.hasAction) == [.known(true), .known(true), .known(false), .unknown])
        #expect(items.map(\.action) == ["share:", "add", nil, nil])
    }

    @Test("An item made empty and given a title, a target and an action afterwards")
    func configuredAfterwards() throws {
        let items = try Self.items("setRightBarButtonItem:search")
        #expect(items.map(\.content) == [.title(.known("Search"))])
        #expect(items.map(\.hasAction) == [.known(true)])
        #expect(items.map(\.action) == ["search"])
    }

    @Test("A button made with a frame; a size changed by constraints or sizeToFit is unknown")
    func customViewSizes() throws {
        #expect(
            try Self.items("initWithCustomView:avatar").map(\.content)
                == [.customView(CustomViewDraft(viewClass: "UIButton", size: .known(Size(width: 44, height: 44))))])
        #expect(
            try Self.items("initWithCustomView:close").map(\.content) == [
                .customView(CustomViewDraft(viewClass: "UIButton", size: .unknown))
            ])
        #expect(
            try Self.items("initWithCustomView:menu").map(\.content) == [
                .customView(CustomViewDraft(viewClass: "UIButton", size: .unknown))
            ])
    }

    @Test("Items the code does not show are unknown, with an unknown action")
    func unknownItems() throws {
        let parameter = try Self.items("rightBarButtonItem = item;")
        #expect(parameter.map(\.content) == [.unknown])
        #expect(parameter.map(\.hasAction) == [.unknown])
        let saved = try Self.items("leftBarButtonItems = self.savedItems")
        #expect(saved.map(\.content) == [.unknown])
    }

    @Test("A primary action is an action; a menu alone is not; fixedSpaceItemOfWidth: has its width")
    func primaryActions() throws {
        let primary = try Self.items("initWithPrimaryAction:action")
        #expect(primary.map(\.hasAction) == [.known(true)])
        let menu = try Self.items("fixedSpaceItemOfWidth:-8")
        #expect(menu.map(\.content) == [.fixedSpace(.known(-8)), .title(.known("Help"))])
        #expect(menu.map(\.hasAction) == [.known(false), .known(false)])
    }

    @Test("nil and @[] clear the items; nil clears the back item")
    func clearing() throws {
        let (facts, text) = try Source.fixture("Items.m")
        #expect(facts.settings(of: "ItemsViewController", line: Source.line(of: "leftBarButtonItem = nil", in: text)) == [.leftItems([])])
        #expect(
            facts.settings(of: "ItemsViewController", line: Source.line(of: "rightBarButtonItems = @[]", in: text)) == [.rightItems([])])
        #expect(facts.settings(of: "ItemsViewController", line: Source.line(of: "backBarButtonItem = nil", in: text)) == [.backItem(nil)])
    }

    @Test("target:self action:@selector(…) has an action; target:nil does not; a target of unknown value is unknown")
    func targets() {
        let facts = Source.read(
            """
            @implementation TargetsViewController
            - (void)viewDidLoad {
                self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"A" style:0 target:self action:@selector(a:)];
                self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"B" style:0 target:nil action:@selector(b)];
                self.navigationItem.backBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"C" style:0 target:self.router action:@selector(c)];
            }
            - (void)more:(SEL)selector {
                self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"D" style:0 target:self action:selector];
                self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"E" style:0 target:self action:NSSelectorFromString(@"e:")];
            }
            @end
            """)
        let settings = facts.screen("TargetsViewController")?.settings ?? []
        var states: [Known<Bool>] = []
        var actions: [String?] = []
        for s in settings {
            switch s.value {
            case .leftItems(let items), .rightItems(let items):
                states += items.map(\.hasAction)
                actions += items.map(\.action)
            case .backItem(let item?):
                states.append(item.hasAction)
                actions.append(item.action)
            default: break
            }
        }
        #expect(states == [.known(true), .known(false), .unknown, .unknown, .known(true)])
        #expect(actions == ["a:", "b", "c", nil, "e:"])
    }

    @Test("A builder method of the class is followed to what it returns")
    func builders() {
        let facts = Source.read(
            """
            @implementation BuilderViewController
            - (void)viewDidLoad {
                self.navigationItem.leftBarButtonItem = [self closeItem];
            }
            - (UIBarButtonItem *)closeItem {
                UIButton *button = [UIButton buttonWithType:UIButtonTypeCustom];
                button.frame = CGRectMake(0, 0, 22, 22);
                return [[UIBarButtonItem alloc] initWithCustomView:button];
            }
            @end
            """)
        let items = facts.screen("BuilderViewController")?.settings.first?.value.items
        #expect(items?.map(\.content) == [.customView(CustomViewDraft(viewClass: "UIButton", size: .known(Size(width: 22, height: 22))))])
        #expect(items?.first?.location.line == 8)
    }
}
