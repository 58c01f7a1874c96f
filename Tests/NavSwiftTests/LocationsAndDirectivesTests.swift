import NavModel
import NavSource
import Testing

@testable import NavSwift

@Suite("Locations and directives")
struct LocationsAndDirectivesTests {
    @Test func columnsCountCharactersAndUTF16UnitsAfterCJKAndEmoji() throws {
        // "标题" is two characters (six bytes, two UTF-16 units); "😀" one character (four bytes, two units).
        let facts = read(
            """
            class TitleViewController: UIViewController {
                override func viewDidLoad() {
                    let 标题 = "x"; /* 😀 */ navigationItem.backBarButtonItem = UIBarButtonItem(
                        title: "返回😀", style: .plain, target: nil, action: nil)
                }
            }
            """)
        let setting = try #require(facts.screen("TitleViewController")?.settings.first)
        // 8 spaces, `let 标题 = "x"; /* 😀 */ ` is 22 characters: the setting's `navigationItem` is character 31.
        #expect(setting.location.line == 3)
        #expect(setting.location.column == 31)
        #expect(setting.location.utf16Column == 32)
        let item = try #require(setting.value.items.first)
        #expect(item.content == .title(.known("返回😀")))
        #expect(item.location.column == 31 + "navigationItem.backBarButtonItem = ".count)
        #expect(item.location.utf16Column == item.location.column + 1)
        #expect(item.location.file == "Test.swift")
    }

    @Test func theSettingStartsAtSelf() throws {
        let facts = read(
            """
            class BackViewController: UIViewController {
                override func viewDidLoad() {
                    self.navigationItem.backBarButtonItem = UIBarButtonItem(
                        title: "Back", style: .plain, target: self, action: #selector(back))
                }
            }
            """)
        let setting = try #require(facts.screen("BackViewController")?.settings.first)
        #expect(setting.location == SourceLocation(file: "Test.swift", line: 3, column: 9))
        #expect(setting.value.items.first?.location.column == 49)
        #expect(facts.screen("BackViewController")?.location == SourceLocation(file: "Test.swift", line: 1, column: 1))
    }

    @Test func directivesFromRealCommentsOnly() {
        let facts = read(
            """
            // navd:disable:next custom-back-action-ignored
            class QuietViewController: UIViewController {
                /* navd:disable pop-gesture-disabled, back-button-hidden */
                override func viewDidLoad() {
                    navigationItem.hidesBackButton = true  // navd:disable:this back-button-hidden
                    /// navd:enable
                    let text = "// navd:disable:next low-contrast"
                    /**
                     navd:disable:next touch-target-small
                     */
                }
            }
            """)
        #expect(
            facts.directives == [
                Directive(kind: .disableNext, codes: ["custom-back-action-ignored"], line: 1),
                Directive(kind: .disable, codes: ["pop-gesture-disabled", "back-button-hidden"], line: 3),
                Directive(kind: .disableThis, codes: ["back-button-hidden"], line: 5),
                Directive(kind: .enable, codes: [], line: 6),
                Directive(kind: .disableNext, codes: ["touch-target-small"], line: 8),
            ])
    }

    @Test func commentedOutCodeAndStringsSetNothing() {
        let facts = read(
            """
            class CommentedViewController: UIViewController {
                override func viewDidLoad() {
                    // navigationItem.hidesBackButton = true
                    /* navigationItem.leftBarButtonItem = UIBarButtonItem(
                        title: "Back", style: .plain, target: self, action: #selector(back)) */
                    let help = "navigationItem.backBarButtonItem = UIBarButtonItem()"
                    let script = \"\"\"
                    navigationController?.interactivePopGestureRecognizer?.isEnabled = false
                    \"\"\"
                    log(help, script)
                }
            }
            """)
        #expect(facts.allSettings.isEmpty)
        #expect(facts.directives.isEmpty)
    }
}
