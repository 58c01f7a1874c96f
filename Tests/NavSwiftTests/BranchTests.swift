import NavModel
import NavSource
import Testing

@testable import NavSwift

/// Settings made where they may not run are marked `conditional`, so that rules needing them stay silent.
@Suite("Branches")
struct BranchTests {
    /// `(value, conditional)` of each setting of the one screen.
    func settings(_ text: String) throws -> [(SettingValue, Bool)] {
        let screen = try #require(read(text).screens.first)
        return screen.settings.map { ($0.value, $0.conditional) }
    }

    @Test func branchesAndTheirOperands() throws {
        let made = try settings(
            """
            class ModeViewController: UIViewController {
                override func viewDidLoad() {
                    navigationItem.title = "Always"
                    if isModal {
                        navigationItem.hidesBackButton = true
                    } else if isEditing {
                        navigationItem.backButtonTitle = "Edit"
                    } else {
                        navigationItem.backButtonDisplayMode = .minimal
                    }
                    switch style {
                    case .plain: navigationController?.navigationBar.isTranslucent = true
                    default: break
                    }
                    isEditing ? navigationItem.setHidesBackButton(true, animated: true) : ()
                    isLocked && { navigationItem.leftItemsSupplementBackButton = true; return true }()
                    navigationItem.prompt = nil
                }
            }
            """)
        #expect(made.map(\.1) == [false, true, true, true, true, true, true])
    }

    @Test func availabilityAndUnwrappingTheScreensMembersAreNotBranches() throws {
        let made = try settings(
            """
            class ThemedListViewController: UIViewController {
                override func viewDidLoad() {
                    if #available(iOS 15.0, *) {
                        navigationItem.scrollEdgeAppearance = UINavigationBarAppearance()
                    } else {
                        navigationController?.navigationBar.barTintColor = .white
                    }
                    guard let navigationBar = navigationController?.navigationBar else { return }
                    navigationBar.tintColor = .systemRed
                    if let navigationController {
                        navigationController.navigationBar.prefersLargeTitles = true
                    }
                }
            }
            """)
        #expect(made.map(\.1) == [false, false, false, false])
    }

    @Test func earlyReturnsMakeTheRestConditional() throws {
        let made = try settings(
            """
            class GateViewController: UIViewController {
                override func viewDidLoad() {
                    navigationItem.title = "Gate"
                    guard user.isSignedIn else { return }
                    navigationItem.hidesBackButton = true
                }
                override func viewWillAppear(_ animated: Bool) {
                    navigationItem.backButtonTitle = "Back"
                    if animated { return }
                    navigationItem.leftItemsSupplementBackButton = true
                }
                func other() { navigationItem.backButtonDisplayMode = .minimal }
            }
            """)
        #expect(made.map(\.1) == [false, true, false, true, false])
    }

    @Test func closuresThatMayNeverRunAreBranches() throws {
        let made = try settings(
            """
            class LoaderViewController: UIViewController {
                override func viewDidLoad() {
                    DispatchQueue.main.async { self.navigationItem.title = "Loaded" }
                    UIView.animate(withDuration: 0.3) { self.navigationController?.setNavigationBarHidden(true, animated: false) }
                    service.load { [weak self] in self?.navigationItem.hidesBackButton = true }
                    let action = UIAction { _ in self.navigationItem.backButtonTitle = "Done" }
                    _ = action
                }
            }
            """)
        #expect(made.map(\.1) == [false, false, true, true])
    }

    @Test func swiftUIContentIsNotABranchButItsIfIs() throws {
        let made = try settings(
            """
            struct PlayerView: View {
                var body: some View {
                    VStack {
                        if isFullScreen {
                            Color.black.navigationBarHidden(true)
                        }
                    }
                    .navigationTitle("Player")
                }
            }
            """)
        #expect(made.map(\.1) == [true, false])
    }

    @Test func appWideSettingsCarryTheirBranch() {
        let facts = read(
            """
            func applyTheme(dark: Bool) {
                if dark { UINavigationBar.appearance().barTintColor = .black }
                UINavigationBar.appearance().tintColor = .white
            }
            """)
        #expect(facts.appWide.map(\.conditional) == [true, false])
    }
}
