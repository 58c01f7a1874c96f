//
//  A base class hides every back title with an empty back item title: the back button's long-press menu
//  then lists a blank row for each screen, and some devices were reported to show "Back" instead.
//

#import <UIKit/UIKit.h>

@interface EmptyBackTitleTrickFailingBaseViewController : UIViewController
@end

@interface EmptyBackTitleTrickFailingLibraryViewController : EmptyBackTitleTrickFailingBaseViewController
@end

@interface EmptyBackTitleTrickFailingPhotoSetViewController : EmptyBackTitleTrickFailingBaseViewController
@end

@implementation EmptyBackTitleTrickFailingBaseViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.navigationItem.backBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"" style:UIBarButtonItemStylePlain target:nil action:nil]; // expect: empty-back-title-trick
}

@end

@implementation EmptyBackTitleTrickFailingLibraryViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Library";
}

- (void)openAlbum {
    [self.navigationController pushViewController:[EmptyBackTitleTrickFailingPhotoSetViewController new] animated:YES];
}

@end

@implementation EmptyBackTitleTrickFailingPhotoSetViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Album";
}

@end
