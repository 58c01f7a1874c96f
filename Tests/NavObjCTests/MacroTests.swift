import NavModel
import NavSource
import Testing

@testable import NavObjC

@Suite("Macro-heavy code")
struct MacroTests {
    static func settings(_ needle: String) throws -> [Setting] {
        let (facts, text) = try Source.fixture("Macros.m")
        let line = Source.line(of: needle, in: text)
        return facts.screen("MacroHeavyViewController")?.settings.filter { $0.location.line == line } ?? []
    }

    @Test("Statement-like macros without semicolons do not hide the statement after them")
    func statementMacros() throws {
        #expect(try Self.settings("navigationItem.title = @\"Macros\"").map(\.value) == [.itemTitle(.known("Macros"))])
        #expect(try Self.settings("weakSelf.navigationItem.hidesBackButton").map(\.value) == [.hidesBackButton(.known(true))])
    }

    @Test("weakify/strongify and weak-self macros keep self; macros as values are unknown")
    func aliases() throws {
        #expect(
            try Self.settings("weakself.navigationController.navigationBar.barTintColor").map(\.value) == [.bar(.barTintColor, .unknown)])
        #expect(try Self.settings("tintColor = kColorMain").map(\.value) == [.bar(.tintColor, .unknown)])
        let edit = try #require(try Self.settings("initWithTitle:@\"Edit\"").first)
        #expect(edit.conditional)
        #expect(edit.value.items?.map(\.hasAction) == [.known(true)])
        #expect(try Self.settings("SHOW_SUPPLEMENT").map(\.value) == [.leftItemsSupplementBackButton(.unknown)])
    }

    @Test("@available branches are read and are not conditional")
    func availability() throws {
        let title = try #require(try Self.settings("backButtonTitle = @\"\"").first)
        #expect(title.value == .backButtonTitle(.known("")))
        #expect(!title.conditional)
        #expect(try Self.settings("initWithTitle:@\"\" style").first?.conditional == false)
    }

    @Test("Attributes and annotations around declarations are stepped over")
    func attributes() throws {
        let (facts, text) = try Source.fixture("Macros.m")
        let screen = try #require(facts.screen("MacroHeavyViewController"))
        #expect(screen.superclass == "BaseViewController")
        #expect(screen.location.line == Source.line(of: "@implementation MacroHeavyViewController", in: text))
        #expect(try Self.settings("titleView = [[UIImageView alloc]").map(\.value) == [.titleView(.unknown)])
        #expect(facts.problems.isEmpty)
    }

    @Test("Inline: macros as statements and values in many shapes")
    func inline() {
        let facts = Source.read(
            """
            @implementation ShapesViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                WS(weakSelf)
                [weakSelf.navigationItem setHidesBackButton:YES];
                STRONG_SELF
                self.navigationController.navigationBar.barTintColor = HEXCOLOR(0x333333);
                kWeakSelf(self);
                self.navigationItem.leftBarButtonItem = [UIBarButtonItem itemWithImage:@"back" highImage:@"back_h" target:self action:@selector(back)];
                LOG_INFO("done") self.title = @"Shapes";
            }
            @end
            """)
        let values = facts.screen("ShapesViewController")?.settings.map(\.value) ?? []
        #expect(
            values == [
                .hidesBackButton(.known(true)), .bar(.barTintColor, .unknown),
                .leftItems([
                    ItemDraft(
                        content: .unknown, hasAction: .unknown, location: NavSource.SourceLocation(file: "Test.m", line: 9, column: 45))
                ]),
                .title(.known("Shapes")),
            ])
    }
}
