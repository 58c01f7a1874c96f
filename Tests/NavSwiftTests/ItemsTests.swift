import NavModel
import NavSource
import Testing

@testable import NavSwift

@Suite("Bar button items")
struct ItemsTests {
    /// The items of the settings of the one screen `text` declares.
    func items(_ text: String) throws -> [[ItemDraft]] {
        let facts = read(text)
        let screen = try #require(facts.screens.first)
        return screen.values.map(\.items)
    }

    @Test func titleImageAndSystemItemsWithTheirActions() throws {
        let items = try self.items(
            """
            class InboxViewController: UIViewController {
                override func viewDidLoad() {
                    navigationItem.leftBarButtonItem = UIBarButtonItem(
                        title: "Close", style: .plain, target: self, action: #selector(close))
                    navigationItem.rightBarButtonItem = UIBarButtonItem(
                        image: UIImage(named: "compose"), style: .plain, target: nil, action: nil)
                    navigationItem.rightBarButtonItems = [
                        UIBarButtonItem(barButtonSystemItem: .add, target: self, action: #selector(add(_:))),
                        UIBarButtonItem(
                            image: UIImage(systemName: "gear")?.withRenderingMode(.alwaysOriginal), style: .plain, target: presenter,
                            action: #selector(settings)),
                    ]
                }
            }
            """)
        #expect(items.count == 3)
        let close = try #require(items[0].first)
        #expect(close.content == .title(.known("Close")))
        #expect(close.hasAction == .known(true))
        #expect(close.action == "close")
        #expect(close.location.line == 3)
        #expect(close.location.column == 44)
        let compose = try #require(items[1].first)
        #expect(compose.content == .image("compose"))
        #expect(compose.hasAction == .known(false))
        #expect(items[2].map(\.content) == [.system("add"), .image("gear")])
        #expect(items[2].map(\.hasAction) == [.known(true), .unknown])
        #expect(items[2].first?.action == "add(_:)")
        #expect(items[2].map(\.location.line) == [8, 9])
    }

    @Test func localItemsResolveWithTheirLaterChanges() throws {
        let items = try self.items(
            """
            class ListViewController: UIViewController {
                override func viewDidLoad() {
                    let back = UIBarButtonItem()
                    navigationItem.backBarButtonItem = back
                    back.title = ""
                    let spacer = UIBarButtonItem(barButtonSystemItem: .fixedSpace, target: nil, action: nil)
                    spacer.width = -10
                    let close = UIBarButtonItem(title: "Close", style: .done, target: nil, action: nil)
                    close.target = self
                    close.action = #selector(dismissTapped)
                    navigationItem.leftBarButtonItems = [spacer, close]
                }
            }
            """)
        let back = try #require(items[0].first)
        #expect(back.content == .title(.known("")))
        #expect(back.location.line == 3)
        #expect(items[1].map(\.content) == [.fixedSpace(.known(-10)), .title(.known("Close"))])
        #expect(items[1].map(\.hasAction) == [.known(false), .known(true)])
        #expect(items[1].last?.action == "dismissTapped")
    }

    @Test func spacesOfIOS14AndImplicitMembers() throws {
        let items = try self.items(
            """
            class ToolbarViewController: UIViewController {
                override func viewDidLoad() {
                    navigationItem.leftBarButtonItems = [UIBarButtonItem.fixedSpace(-8), .flexibleSpace(), .fixedSpace(width)]
                    navigationItem.setRightBarButtonItems(
                        [.init(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)], animated: false)
                }
            }
            """)
        #expect(items[0].map(\.content) == [.fixedSpace(.known(-8)), .flexibleSpace, .fixedSpace(.unknown)])
        #expect(items[1].map(\.content) == [.flexibleSpace])
    }

    @Test func customViewsWithLiteralFrames() throws {
        let items = try self.items(
            """
            class ChatViewController: UIViewController {
                override func viewDidLoad() {
                    let button = UIButton(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
                    button.setImage(UIImage(named: "back"), for: .normal)
                    navigationItem.leftBarButtonItem = UIBarButtonItem(customView: button)
                    let avatar = UIButton(type: .custom)
                    avatar.frame = CGRect(x: 0, y: 0, width: 36, height: 36)
                    let fitted = UIButton(type: .system)
                    fitted.sizeToFit()
                    let pinned = UIButton(type: .custom)
                    pinned.translatesAutoresizingMaskIntoConstraints = false
                    NSLayoutConstraint.activate([
                        pinned.widthAnchor.constraint(equalToConstant: 44),
                        pinned.heightAnchor.constraint(equalToConstant: 44),
                    ])
                    navigationItem.rightBarButtonItems = [
                        UIBarButtonItem(customView: avatar), UIBarButtonItem(customView: fitted), UIBarButtonItem(customView: pinned),
                        UIBarButtonItem(customView: BadgeView()),
                    ]
                }
            }
            """)
        #expect(items[0].map(\.content) == [.customView(CustomViewDraft(viewClass: "UIButton", size: .known(Size(width: 30, height: 30))))])
        #expect(items[0].first?.hasAction == .known(false))
        #expect(
            items[1].map(\.content) == [
                .customView(CustomViewDraft(viewClass: "UIButton", size: .known(Size(width: 36, height: 36)))),
                .customView(CustomViewDraft(viewClass: "UIButton", size: .unknown)),
                .customView(CustomViewDraft(viewClass: "UIButton", size: .known(Size(width: 44, height: 44)))),
                .customView(CustomViewDraft(viewClass: "BadgeView", size: .unknown)),
            ])
    }

    @Test func storedPropertiesResolveWhereverTheyAreDeclared() throws {
        let items = try self.items(
            """
            class EditorViewController: UIViewController {
                override func viewDidLoad() {
                    navigationItem.leftBarButtonItem = closeItem
                    navigationItem.rightBarButtonItem = self.saveItem
                    navigationItem.backBarButtonItem = backItem
                    closeItem.width = 0
                }

                private let closeItem = UIBarButtonItem(barButtonSystemItem: .close, target: nil, action: nil)
                private lazy var saveItem: UIBarButtonItem = {
                    let item = UIBarButtonItem(title: "Save", style: .done, target: self, action: #selector(save))
                    item.isEnabled = false
                    return item
                }()
                lazy var backItem = UIBarButtonItem(title: "", style: .plain, target: nil, action: nil)
            }
            """)
        #expect(items.map { $0.map(\.content) } == [[.system("close")], [.title(.known("Save"))], [.title(.known(""))]])
        #expect(items[1].first?.hasAction == .known(true))
        #expect(items[1].first?.location.line == 11)
        #expect(items[0].first?.location.line == 9)
    }

    @Test func propertiesAssignedInAMethod() throws {
        let items = try self.items(
            """
            class WizardViewController: UIViewController {
                var skipItem: UIBarButtonItem!
                override func viewDidLoad() {
                    skipItem = UIBarButtonItem(title: "Skip", style: .plain, target: self, action: #selector(skip))
                    navigationItem.rightBarButtonItem = skipItem
                }
            }
            """)
        #expect(items[0].map(\.content) == [.title(.known("Skip"))])
    }

    @Test func itemsTheReaderCannotSeeIntoAreUnknown() throws {
        let items = try self.items(
            """
            class FormViewController: UIViewController {
                override func viewDidLoad() {
                    navigationItem.leftBarButtonItem = makeBackItem()
                    navigationItem.rightBarButtonItems = toolbarItems
                    navigationItem.rightBarButtonItem = BackBarButtonItem(target: self)
                    navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Done", style: .plain, target: handler, action: selector)
                    navigationItem.leftBarButtonItem = nil
                    navigationItem.rightBarButtonItems = []
                }
            }
            """)
        #expect(items[0].map(\.content) == [.unknown])
        #expect(items[0].map(\.hasAction) == [.unknown])
        #expect(items[0].first?.location == SourceLocation(file: "Test.swift", line: 3, column: 44))
        #expect(items[1].map(\.content) == [.unknown])
        #expect(items[2].map(\.content) == [.unknown])
        #expect(items[3].map(\.hasAction) == [.unknown])
        #expect(items[4].isEmpty)
        #expect(items[5].isEmpty)
    }

    @Test func iOS14PrimaryActionsAndMenus() throws {
        let items = try self.items(
            """
            class CalendarViewController: UIViewController {
                override func viewDidLoad() {
                    navigationItem.rightBarButtonItems = [
                        UIBarButtonItem(title: "Today", image: nil, primaryAction: UIAction { _ in }, menu: nil),
                        UIBarButtonItem(image: UIImage(systemName: "ellipsis"), menu: menu),
                        UIBarButtonItem(systemItem: .close, primaryAction: UIAction { [weak self] _ in self?.dismiss(animated: true) }),
                    ]
                }
            }
            """)
        #expect(items[0].map(\.content) == [.title(.known("Today")), .image("ellipsis"), .system("close")])
        #expect(items[0].map(\.hasAction) == [.known(true), .known(false), .known(true)])
    }

    @Test func setterMessagesOfTheNavigationItem() throws {
        let facts = read(
            """
            class PagerViewController: UIViewController {
                func update() {
                    navigationItem.setLeftBarButton(
                        UIBarButtonItem(title: "Prev", style: .plain, target: self, action: #selector(prev)), animated: true)
                    navigationItem.setRightBarButtonItems(nil, animated: true)
                    otherItem.setLeftBarButton(nil, animated: false)
                }
            }
            """)
        let screen = try #require(facts.screen("PagerViewController"))
        #expect(screen.values.count == 2)
        #expect(screen.values.first?.items.map(\.content) == [.title(.known("Prev"))])
        #expect(screen.values.last == .rightItems([]))
    }

    @Test func parametersAndLoopVariablesHideStoredPropertiesOfTheirName() throws {
        let items = try self.items(
            """
            class ComposerViewController: UIViewController {
                private let sendItem = UIBarButtonItem(title: "Send", style: .done, target: nil, action: nil)
                func install(sendItem: UIBarButtonItem) {
                    navigationItem.rightBarButtonItem = sendItem
                    for sendItem in extraItems { sendItem.width = -10 }
                    navigationItem.leftBarButtonItem = self.sendItem
                }
            }
            """)
        #expect(items.map { $0.map(\.content) } == [[.unknown], [.title(.known("Send"))]])
    }
}
