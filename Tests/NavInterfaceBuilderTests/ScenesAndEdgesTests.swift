import NavModel
import NavSource
import Testing

@testable import NavInterfaceBuilder

@Suite("Scenes and segues")
struct ScenesAndEdgesTests {
    let file = "Mail.storyboard"

    @Test func eachSceneIsAScreenNamedByItsCustomClassOrItsScene() throws {
        let facts = try Fixture.read(file)
        #expect(facts.language == .storyboard)
        #expect(facts.problems.isEmpty)
        #expect(
            facts.screens.map(\.name) == [
                "MailNavigationController", "InboxViewController", "Mail.storyboard#Qa1-Mx-7Tn", "AttachmentsViewController",
                "Mail.storyboard#Qe3-Vb-6nM", "Mail.storyboard#Mc8-Ty-5hV", "ComposeViewController",
            ])
        #expect(facts.screens.allSatisfy { $0.kind == .storyboardScene })
        // With a custom class the UIKit class of the element is its superclass; without one there is no chain.
        #expect(
            facts.screens.map(\.superclass) == [
                "UINavigationController", "UITableViewController", nil, "UICollectionViewController", nil, nil, "UIViewController",
            ])
        #expect(facts.screen("MailNavigationController")?.storyboardIdentifiers == ["MailNavigation"])
        #expect(facts.screen("InboxViewController")?.storyboardIdentifiers == ["Inbox"])
        #expect(facts.screen("ComposeViewController")?.storyboardIdentifiers == [])
        #expect(facts.screen("MailNavigationController")?.location == at(file, 14, 17))
        #expect(facts.screen("Mail.storyboard#Qa1-Mx-7Tn")?.location == at(file, 89, 17))
    }

    @Test func aViewControllersTitleAttributeIsItsTitle() throws {
        let inbox = try #require(try Fixture.read(file).screen("InboxViewController"))
        #expect(inbox.settings.first == Setting(.title(.known("Inbox")), at: at(file, 45, 17)))
    }

    @Test func seguesAreEdgesFromTheirScenesScreen() throws {
        let facts = try Fixture.read(file)
        let message = "Mail.storyboard#Qa1-Mx-7Tn"
        let expected: [Edge] = [
            Edge(kind: .root, from: "MailNavigationController", to: .className("InboxViewController"), location: at(file, 35, 25)),
            // From a table view cell's connections.
            Edge(kind: .show, from: "InboxViewController", to: .scene(file: file, id: "Qa1-Mx-7Tn"), location: at(file, 59, 37)),
            // From a bar button item's connections.
            Edge(kind: .present, from: "InboxViewController", to: .scene(file: file, id: "Mc8-Ty-5hV"), location: at(file, 76, 33)),
            // A container view's embed segue: the embedded scene is a child of this one.
            Edge(kind: .child, from: message, to: .className("AttachmentsViewController"), location: at(file, 106, 37)),
            // To a storyboard reference: the identifier it references.
            Edge(kind: .show, from: message, to: .storyboardIdentifier("SettingsRoot"), location: at(file, 113, 37)),
            Edge(kind: .present, from: message, to: .scene(file: file, id: "Mc8-Ty-5hV"), location: at(file, 114, 37)),
            // The unwind segue between these two is no edge; the push's commit and preview segues have no destination.
            Edge(kind: .push, from: message, to: .scene(file: file, id: "Qe3-Vb-6nM"), location: at(file, 118, 37)),
            // From a gesture recognizer among the scene's objects, outside the view controller element.
            Edge(kind: .present, from: message, to: .scene(file: file, id: "Qe3-Vb-6nM"), location: at(file, 134, 25)),
            Edge(
                kind: .present, from: "Mail.storyboard#Qe3-Vb-6nM", to: .className("AttachmentsViewController"),
                location: at(file, 166, 25)),
            Edge(kind: .root, from: "Mail.storyboard#Mc8-Ty-5hV", to: .className("ComposeViewController"), location: at(file, 183, 25)),
        ]
        #expect(facts.edges == expected)
    }

    @Test func everySegueKindMapsToItsEdge() {
        #expect(StoryboardParse.edgeKind("show", relationship: nil) == .show)
        #expect(StoryboardParse.edgeKind("push", relationship: nil) == .push)
        for modal in ["presentation", "modal", "popoverPresentation", "showDetail"] {
            #expect(StoryboardParse.edgeKind(modal, relationship: nil) == .present)
        }
        #expect(StoryboardParse.edgeKind("relationship", relationship: "rootViewController") == .root)
        #expect(StoryboardParse.edgeKind("embed", relationship: nil) == .child)
        #expect(StoryboardParse.edgeKind("relationship", relationship: "viewControllers") == .child)
        for none in ["unwind", "custom", "replace", nil] {
            #expect(StoryboardParse.edgeKind(none, relationship: nil) == nil)
        }
        for relationship in ["masterViewController", "detailViewController", nil] {
            #expect(StoryboardParse.edgeKind("relationship", relationship: relationship) == nil)
        }
    }

    @Test func aSegueFromABarButtonItemIsItsAction() throws {
        let inbox = try #require(try Fixture.read(file).screen("InboxViewController"))
        let compose = try #require(inbox.values.first { if case .rightItems = $0 { return true } else { return false } })
        #expect(compose.items.map(\.content) == [.system("compose")])
        #expect(compose.items.map(\.hasAction) == [.known(true)])
        #expect(compose.items.map(\.action) == [nil])
    }

    @Test func sceneNamesUseTheFileNameAndReferencesTheWholePath() throws {
        let path = "Mail/Base.lproj/Mail.storyboard"
        let facts = StoryboardReader().read(try Fixture.bytes(file), file: path, limits: ReaderLimits(), clock: { 0 })
        #expect(facts.screens.map(\.name).contains("Mail.storyboard#Qa1-Mx-7Tn"))
        #expect(facts.edges.contains { $0.to == .scene(file: path, id: "Qa1-Mx-7Tn") })
        #expect(facts.screens.allSatisfy { $0.location.file == path })
    }

    @Test func everyViewControllerElementIsAScreenWithItsUIKitClass() {
        let elements = [
            "viewController", "tableViewController", "collectionViewController", "navigationController", "tabBarController",
            "pageViewController", "splitViewController", "hostingController",
        ]
        let scenes = elements.enumerated().map { index, element in
            scene("S\(index)-sc", "<\(element) id=\"V\(index)-vc\" customClass=\"Custom\(index)\" sceneMemberID=\"viewController\"/>")
        }
        let facts = read(storyboard(scenes.joined(separator: "\n")))
        #expect(facts.problems.isEmpty)
        #expect(facts.screens.map(\.name) == elements.indices.map { "Custom\($0)" })
        #expect(
            facts.screens.map(\.superclass) == [
                "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
                "UITabBarController", "UIPageViewController", "UISplitViewController", "UIHostingController",
            ])
    }

    @Test func aTabIsAChildAndSplitColumnsMakeNoEdge() {
        let text = storyboard(
            scene(
                "Tb1-sc",
                """
                <tabBarController id="Tb1-vc" sceneMemberID="viewController">
                    <connections>
                        <segue destination="Sp1-vc" kind="relationship" relationship="viewControllers" id="Tb1-sg"/>
                    </connections>
                </tabBarController>
                """)
                + scene(
                    "Sp1-sc",
                    """
                    <splitViewController id="Sp1-vc" sceneMemberID="viewController">
                        <connections>
                            <segue destination="Tb1-vc" kind="relationship" relationship="masterViewController" id="Sp1-sg"/>
                            <segue destination="Tb1-vc" kind="relationship" relationship="detailViewController" id="Sp2-sg"/>
                        </connections>
                    </splitViewController>
                    """))
        let facts = read(text)
        #expect(facts.problems.isEmpty)
        #expect(facts.screens.count == 2)
        #expect(
            facts.edges == [
                Edge(
                    kind: .child, from: "Test.storyboard#Tb1-vc", to: .scene(file: "Test.storyboard", id: "Sp1-vc"),
                    location: at("Test.storyboard", 11, 9))
            ])
    }

    @Test func aXibsNavigationControllerRootsItsFirstViewControllerAndStacksTheRest() throws {
        let name = "Library.xib"
        let facts = try Fixture.read(name)
        #expect(facts.language == .xib)
        #expect(facts.problems.isEmpty)
        // File's Owner and the top-level view are not screens; the tab bar controller and its tab are.
        #expect(
            facts.screens.map(\.name) == [
                "Library.xib#Xn1-Nc-1aA", "LibraryRootViewController", "ShelfViewController", "Library.xib#Xt1-Tb-9iI",
                "ReadingNowViewController",
            ])
        #expect(
            facts.edges == [
                Edge(kind: .root, from: "Library.xib#Xn1-Nc-1aA", to: .className("LibraryRootViewController"), location: at(name, 26, 17)),
                Edge(kind: .push, from: "Library.xib#Xn1-Nc-1aA", to: .className("ShelfViewController"), location: at(name, 31, 17)),
            ])
        let root = try #require(facts.screen("LibraryRootViewController"))
        #expect(root.values.first == .itemTitle(.known("Library")))
        #expect(root.values.dropFirst().first?.items.map(\.content) == [.system("edit")])
    }

    @Test func aStoryboardReferenceIsNoScreen() throws {
        let facts = try Fixture.read(file)
        #expect(!facts.screens.contains { $0.name.contains("Rf5-Ze-0wQ") })
    }

    @Test func aSceneWithoutACustomClassIsReferencedByItsScene() {
        let text = storyboard(
            scene(
                "Nv1-sc",
                """
                <navigationController id="Nv1-vc" sceneMemberID="viewController">
                    <connections>
                        <segue destination="Rt1-vc" kind="relationship" relationship="rootViewController" id="Nv1-sg"/>
                    </connections>
                </navigationController>
                """) + scene("Rt1-sc", "<viewController id=\"Rt1-vc\" sceneMemberID=\"viewController\"/>"))
        let facts = read(text)
        #expect(facts.screens.map(\.name) == ["Test.storyboard#Nv1-vc", "Test.storyboard#Rt1-vc"])
        #expect(facts.edges.map(\.to) == [.scene(file: "Test.storyboard", id: "Rt1-vc")])
        #expect(facts.edges.map(\.from) == ["Test.storyboard#Nv1-vc"])
        // The name made for the scene is the one the edge's reference makes.
        #expect(ScreenDraft.sceneName(file: "Test.storyboard", id: "Rt1-vc") == facts.screens[1].name)
    }
}
