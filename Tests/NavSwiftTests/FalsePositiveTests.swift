import NavModel
import NavSource
import Testing

@testable import NavSwift

/// Code that looks like navigation settings and is not: each must give no setting at all.
@Suite("False positives")
struct FalsePositiveTests {
    @Test func aLocalMerelyNamedLikeAnItemSetsNothing() {
        let facts = read(
            """
            class ReceiptViewController: UIViewController {
                override func viewDidLoad() {
                    let leftBarButtonItem = UIBarButtonItem(title: "Back", style: .plain, target: self, action: #selector(back))
                    toolbarItems = [leftBarButtonItem]
                    var hidesBackButton = true
                    hidesBackButton = false
                    _ = hidesBackButton
                }
            }
            """)
        #expect(facts.allSettings.isEmpty)
    }

    @Test func aCustomClassOwnHidesBackButtonSetsNothing() {
        let facts = read(
            """
            final class HeaderView: UIView {
                var hidesBackButton = false
                var title: String?
                func configure() {
                    hidesBackButton = true
                    self.hidesBackButton = true
                    title = "Header"
                }
            }

            final class StepViewModel {
                var title = ""
                func load() { title = "Step" }
            }

            class WizardStepViewController: UIViewController {
                let header = HeaderView()
                override func viewDidLoad() {
                    header.hidesBackButton = true
                    header.navigationItem.hidesBackButton = true
                    parent?.navigationItem.hidesBackButton = true
                    navigationController?.navigationItem.leftBarButtonItem = nil
                }
            }
            """)
        #expect(facts.allSettings.isEmpty)
    }

    @Test func memberAssignmentsOnAPossiblyNilBackItemInventNoItem() {
        let facts = read(
            """
            class ArticleViewController: UIViewController {
                override func viewDidLoad() {
                    navigationItem.backBarButtonItem?.action = #selector(goBack)
                    navigationItem.backBarButtonItem?.target = self
                    navigationItem.backBarButtonItem?.title = ""
                    navigationItem.leftBarButtonItem?.tintColor = .red
                }
            }
            """)
        #expect(facts.allSettings.isEmpty)
    }

    @Test func aTitleOfAClassThatIsNotAScreenIsNotAScreenTitle() {
        let facts = read(
            """
            class SectionCell: UITableViewCell {
                func configure(with section: Section) { title = section.name }
            }
            class BaseCard: CardView {
                override func awakeFromNib() { title = "Card" }
            }
            class ItemButton: UIButton {
                func update() { self.title = "Buy" }
            }
            """)
        #expect(facts.screens.isEmpty)
    }

    @Test func aParameterNamedTitleIsNotTheScreensTitle() throws {
        let facts = read(
            """
            class NoteViewController: UIViewController {
                func rename(title: String) {
                    var title = title
                    title = title.trimmingCharacters(in: .whitespaces)
                    self.title = title
                }
            }
            """)
        #expect(facts.screen("NoteViewController")?.values == [.title(.unknown)])
    }

    @Test func otherObjectsNavigationMembersAreNotThisScreens() {
        let facts = read(
            """
            class ContainerViewController: UIViewController {
                func embed(_ child: UIViewController) {
                    child.navigationItem.hidesBackButton = true
                    child.title = "Child"
                    let nav = UINavigationController(rootViewController: child)
                    nav.navigationBar.barTintColor = .red
                    tabBarController?.navigationItem.title = "Tabs"
                }
            }
            """)
        #expect(facts.allSettings.isEmpty)
    }

    @Test func navigationBarOutsideANavigationControllerIsSomeOtherBar() {
        let facts = read(
            """
            class CustomBarViewController: UIViewController {
                let navigationBar = UINavigationBar()
                override func viewDidLoad() {
                    navigationBar.barTintColor = .black
                    navigationBar.isTranslucent = false
                }
            }
            """)
        #expect(facts.allSettings.isEmpty)
    }

    @Test func aHelperWithANavigationItemOfItsOwnIsNotAScreen() {
        let facts = read(
            """
            final class NavigationContent: NSObject {
                weak var navigationItem: UINavigationItem?
                func apply(_ items: [UIBarButtonItem]) {
                    navigationItem?.leftBarButtonItems = items
                    navigationItem?.hidesBackButton = true
                }
            }
            """)
        #expect(facts.screens.isEmpty)
        #expect(facts.classes.map(\.name) == ["NavigationContent"])
    }

    @Test func messagesToAnotherControllerDoNotStartAtThisScreen() {
        let facts = read(
            """
            class HelpViewController: UIViewController {
                func open(from host: UIViewController) {
                    host.present(UINavigationController(rootViewController: FAQViewController()), animated: true)
                    host.navigationController?.pushViewController(ContactViewController(), animated: true)
                    present(AboutViewController(), animated: true)
                }
            }
            """)
        // The navigation controller built for the host roots its screen, wherever that code stands.
        #expect(facts.edges.map(\.from) == [nil, "UINavigationController", nil, "HelpViewController"])
        #expect(
            facts.edges.map(\.to) == [
                .className("UINavigationController"), .className("FAQViewController"), .className("ContactViewController"),
                .className("AboutViewController"),
            ])
    }
}
