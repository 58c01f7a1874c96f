import UIKit

/// The album grid wants a bare chevron on the photo screen and clears the back title with an empty
/// back item: some devices showed "Back" instead, and iOS 14's history menu shows a blank row.
final class EmptyBackTitleTrickFailingGalleryViewController: UICollectionViewController {
    private var photos: [Photo] = []

    static func makeRoot() -> UINavigationController {
        let layout = UICollectionViewFlowLayout()
        return UINavigationController(rootViewController: EmptyBackTitleTrickFailingGalleryViewController(collectionViewLayout: layout))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Gallery"
        navigationItem.backBarButtonItem = UIBarButtonItem(  // expect: empty-back-title-trick
            title: "", style: .plain, target: nil, action: nil)
    }

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        let viewer = EmptyBackTitleTrickFailingViewerViewController()
        viewer.photo = photos[indexPath.item]
        navigationController?.pushViewController(viewer, animated: true)
    }
}

final class EmptyBackTitleTrickFailingViewerViewController: UIViewController {
    var photo: Photo?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = photo?.caption
        view.backgroundColor = .black
    }
}
