import Testing
@testable import FeatureKit

@Test func featureHasTitle() {
    let feature = FeatureViewController()
    feature.loadViewIfNeeded()
    #expect(feature.title == "Feature")
}
