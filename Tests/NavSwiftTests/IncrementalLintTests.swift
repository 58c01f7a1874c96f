import NavLint
import NavModel
import NavSource
import Testing

@testable import NavSwift

/// A lint that takes the last lint's memo rebuilds only the screens an edit can change, and finds exactly what
/// a lint from scratch finds, edit after edit, on source the Swift reader reads.
@Suite struct IncrementalLintTests {
    static let base = """
        import UIKit

        class BaseViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                navigationItem.backButtonDisplayMode = .default
            }
        }

        final class AppNavigationController: UINavigationController {
            override func viewDidLoad() {
                super.viewDidLoad()
                navigationBar.tintColor = .black
            }
        }
        """

    static let inbox = """
        import UIKit

        final class InboxViewController: BaseViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                title = "Inbox"
            }

            func open() {
                navigationController?.pushViewController(MessageViewController(), animated: true)
            }
        }

        final class MessageViewController: BaseViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                title = "Message"
                navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Reply", style: .plain, target: self, action: #selector(reply))
            }

            @objc func reply() {}
        }
        """

    static let settings = """
        import UIKit

        final class SettingsViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                title = "Settings"
            }

            func about() {
                navigationController?.pushViewController(AboutViewController(), animated: true)
            }
        }

        final class AboutViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                title = "About"
            }
        }
        """

    static func project(_ texts: [String: String]) -> SourceProject {
        let files = texts.keys.sorted().map { SwiftReader().read(Array(texts[$0]!.utf8), file: $0, limits: ReaderLimits(), clock: { 0 }) }
        return SourceProject(name: "App", files: files, profiles: [.ios13, .ios17])
    }

    /// Applies `edit` to `file`, lints with the memo and from scratch, and returns how many screens the memo's
    /// lint built anew.
    static func step(
        _ texts: inout [String: String], _ memo: inout LintMemo, _ file: String, _ edit: (String) -> String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> (built: Int, findings: [SourceFinding]) {
        let before = texts[file]!
        texts[file] = edit(before)
        #expect(texts[file] != before, "the edit changes the file", sourceLocation: sourceLocation)
        let p = project(texts)
        let incremental = SourceLinter.lint(p, memo: &memo)
        #expect(incremental == SourceLinter.lint(p), "the same findings as a lint from scratch", sourceLocation: sourceLocation)
        return (memo.built, incremental)
    }

    @Test func anEditRebuildsOnlyTheScreensItCanChange() {
        var texts = ["Base.swift": Self.base, "Inbox.swift": Self.inbox, "Settings.swift": Self.settings]
        var memo = LintMemo()
        let first = SourceLinter.lint(Self.project(texts), memo: &memo)
        let all = memo.built
        #expect(all >= 4)

        // A title in one screen: that screen alone.
        var step = Self.step(&texts, &memo, "Settings.swift") { $0.replacingOccurrences(of: "\"About\"", with: "\"About navd\"") }
        #expect(step.built == 1)
        #expect(step.findings == first)

        // A left item that stops the swipe: one screen, and the finding appears; taken away, it goes.
        step = Self.step(&texts, &memo, "Inbox.swift") {
            $0.replacingOccurrences(of: "navigationItem.rightBarButtonItem", with: "navigationItem.leftBarButtonItem")
        }
        #expect(step.built == 1)
        #expect(step.findings.map(\.code) == ["pop-gesture-disabled"])
        step = Self.step(&texts, &memo, "Inbox.swift") {
            $0.replacingOccurrences(of: "navigationItem.leftBarButtonItem", with: "navigationItem.rightBarButtonItem")
        }
        #expect(step.built == 1 && step.findings.isEmpty)

        // Lines typed above every screen of a file move every location in it, and nothing else.
        step = Self.step(&texts, &memo, "Inbox.swift") { $0.replacingOccurrences(of: "import UIKit\n", with: "import UIKit\n\n// Mail\n") }
        #expect(step.built == 2)

        // The base class: itself and every screen that inherits from it.
        step = Self.step(&texts, &memo, "Base.swift") { $0.replacingOccurrences(of: ".default", with: ".minimal") }
        #expect(step.built == 3)

        // Shared facts rebuild every screen: a new push, a superclass, an appearance proxy.
        step = Self.step(&texts, &memo, "Settings.swift") {
            $0.replacingOccurrences(
                of: "func about() {",
                with: "func about() {\n        navigationController?.pushViewController(InboxViewController(), animated: true)")
        }
        #expect(step.built >= all)
        step = Self.step(&texts, &memo, "Settings.swift") {
            $0.replacingOccurrences(of: "SettingsViewController: UIViewController", with: "SettingsViewController: BaseViewController")
        }
        #expect(step.built >= all)
        step = Self.step(&texts, &memo, "Base.swift") {
            $0 + "\n\nfunc style() {\n    UINavigationBar.appearance().barTintColor = .black\n}\n"
        }
        #expect(step.built >= all)
        #expect(step.findings.contains { $0.code == "low-contrast" })
    }
}
