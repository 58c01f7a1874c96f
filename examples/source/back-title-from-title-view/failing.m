//
//  The home screen shows a logo as its title view and sets no title: the next screen's back button can only
//  say "Back".
//

#import <UIKit/UIKit.h>

@interface BackTitleFromTitleViewFailingHomeViewController : UIViewController
@end

@interface BackTitleFromTitleViewFailingArticleViewController : UIViewController
@end

@implementation BackTitleFromTitleViewFailingHomeViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.navigationItem.titleView = [[UIImageView alloc] initWithImage:[UIImage imageNamed:@"logo"]]; // expect: back-title-from-title-view
}

- (void)openArticle {
    BackTitleFromTitleViewFailingArticleViewController *article = [[BackTitleFromTitleViewFailingArticleViewController alloc] init];
    [self.navigationController pushViewController:article animated:YES];
}

@end

@implementation BackTitleFromTitleViewFailingArticleViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Article";
}

@end
