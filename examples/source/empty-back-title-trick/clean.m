//
//  The base class hides back titles with backButtonDisplayMode: the arrow shows alone, and the long-press
//  menu still names every screen.
//

#import <UIKit/UIKit.h>

@interface EmptyBackTitleTrickCleanBaseViewController : UIViewController
@end

@interface EmptyBackTitleTrickCleanLibraryViewController : EmptyBackTitleTrickCleanBaseViewController
@end

@interface EmptyBackTitleTrickCleanPhotoSetViewController : EmptyBackTitleTrickCleanBaseViewController
@end

@implementation EmptyBackTitleTrickCleanBaseViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    if (@available(iOS 14.0, *)) {
        self.navigationItem.backButtonDisplayMode = UINavigationItemBackButtonDisplayModeMinimal;
    }
}

@end

@implementation EmptyBackTitleTrickCleanLibraryViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Library";
}

- (void)openAlbum {
    [self.navigationController pushViewController:[EmptyBackTitleTrickCleanPhotoSetViewController new] animated:YES];
}

@end

@implementation EmptyBackTitleTrickCleanPhotoSetViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Album";
}

@end
