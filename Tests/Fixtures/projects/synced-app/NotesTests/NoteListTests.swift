import Testing
@testable import Notes

@Test func listHasTitle() {
    let list = NoteListViewController()
    list.loadViewIfNeeded()
    #expect(list.title == "Notes")
}
