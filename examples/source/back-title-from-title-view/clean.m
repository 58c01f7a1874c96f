//
//  The home screen shows its logo and still has a title, which names the next screen's back button.
//

#import <UIKit/UIKit.h>

@interface BackTitleFromTitleViewCleanHomeViewController : UIViewController
@end

@interface BackTitleFromTitleViewCleanArticleViewController : UIViewController
@end

@implementation BackTitleFromTitleViewCleanHomeViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Home";
    self.navigationItem.titleView = [[UIImageView alloc] initWithImage:[UIImage imageNamed:@"logo"]];
}

- (void)openArticle {
    BackTitleFromTitleViewCleanArticleViewController *article = [[BackTitleFromTitleViewCleanArticleViewController alloc] init];
    [self.navigationController pushViewController:article animated:YES];
}

@end

@implementation BackTitleFromTitleViewCleanArticleViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Article";
}

@end
