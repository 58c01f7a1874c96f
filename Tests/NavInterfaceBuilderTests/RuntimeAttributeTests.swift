import NavModel
import NavSource
import Testing

@testable import NavInterfaceBuilder

@Suite("Runtime attributes of pop-gesture libraries")
struct RuntimeAttributeTests {
    let file = "Libraries.storyboard"

    @Test func fullscreenPopGesturesOptOutAndHiddenBar() throws {
        let gallery = try #require(try Fixture.read(file).screen("GalleryViewController"))
        // The same key path on the view (line 37) sets the view's property, not the controller's.
        #expect(
            gallery.settings == [
                Setting(.itemTitle(.known("Gallery")), at: at(file, 40, 21)),
                Setting(.popGestureEnabled(.known(false)), at: at(file, 42, 25)),
                Setting(.barHidden(.known(true)), at: at(file, 43, 25)),
            ])
    }

    @Test func rootNavigationControllersOptOutAndHBDsBar() throws {
        let photo = try #require(try Fixture.read(file).screen("PhotoViewController"))
        // A string typed `fd_interactivePopDisabled` (line 67) is not the library's boolean.
        #expect(
            photo.settings == [
                Setting(.popGestureEnabled(.known(false)), at: at(file, 65, 25)),
                Setting(.barHidden(.known(false)), at: at(file, 66, 25)),
            ])
    }

    @Test func onlyValuesThatTurnTheSwipeOffAreSettings() throws {
        let crop = try #require(try Fixture.read(file).screen("CropViewController"))
        // hbd_swipeBackEnabled NO and gk_interactivePopDisabled YES turn it off; the library defaults that follow
        // (rt NO, fd NO, hbd YES) say nothing.
        #expect(
            crop.settings == [
                Setting(.popGestureEnabled(.known(false)), at: at(file, 86, 25)),
                Setting(.popGestureEnabled(.known(false)), at: at(file, 87, 25)),
            ])
    }

    @Test func aNavigationControllersOwnAttributesAndBarClassAreNotScreenSettings() throws {
        let facts = try Fixture.read(file)
        #expect(facts.problems.isEmpty)
        #expect(facts.screen("RTRootNavigationController")?.superclass == "UINavigationController")
        #expect(facts.screen("RTRootNavigationController")?.settings == [])
        #expect(facts.edges.map(\.kind) == [.root, .show, .show])
    }
}
