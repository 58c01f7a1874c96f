import XCTest
@testable import Shop

final class ProductListTests: XCTestCase {
    func testTitle() {
        let list = ProductListViewController()
        list.loadViewIfNeeded()
        XCTAssertEqual(list.title, "Products")
    }
}
