import Foundation
import NavLint
import NavModel
import NavSource
import Testing

@testable import NavSwift

/// Swift source read, built into a flow and laid out: what the app's code says about large titles and the search
/// field reaches the bar the linter and the language server draw (GEO-13, GEO-16).
@Suite("Large titles from source to the laid-out bar")
struct LargeTitleFlowTests {
    static let source = """
        import UIKit

        final class MailboxesViewController: UITableViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                title = "Mailboxes"
                navigationController?.navigationBar.prefersLargeTitles = true
                navigationItem.searchController = UISearchController(searchResultsController: nil)
            }
            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                navigationController?.pushViewController(MessageViewController(), animated: true)
            }
        }

        final class MessageViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                title = "Message"
                navigationItem.largeTitleDisplayMode = .never
            }
        }
        """

    static func flow(_ text: String) throws -> SourceFlow {
        let project = SourceProject(name: "Mail", files: [read(text, file: "Mail.swift")], profiles: [.ios17])
        return try #require(SourceLinter.flows(project).first)
    }

    @Test("the root shows its large title and search row; the pushed screen asks for none")
    func rootAndPushed() throws {
        let flow = try Self.flow(Self.source)
        #expect(flow.model.screens.map(\.id) == ["MailboxesViewController", "MessageViewController"])
        let root = BarLayoutEngine.layout(model: flow.model, screenIndex: 0)
        #expect(root.barFrame.height == 44 + 52 + 52)
        #expect(root.element(.largeTitle)?.text == "Mailboxes")
        #expect(root.element(.searchField) != nil)
        let pushed = BarLayoutEngine.layout(model: flow.model, screenIndex: 1)
        #expect(pushed.barFrame.height == 44)
        #expect(pushed.element(.title)?.text == "Message")
    }

    @Test("a preference the source sets only on some path is not taken: the bar stays as UIKit's default")
    func conditionalPreferenceIsNotGuessed() throws {
        let text = Self.source.replacingOccurrences(
            of: "navigationController?.navigationBar.prefersLargeTitles = true",
            with: "if isLarge { navigationController?.navigationBar.prefersLargeTitles = true }")
        let flow = try Self.flow(text)
        #expect(BarLayoutEngine.layout(model: flow.model, screenIndex: 0).element(.largeTitle) == nil)
    }
}
