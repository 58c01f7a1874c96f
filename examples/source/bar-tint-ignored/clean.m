//
//  The bar is coloured with a UINavigationBarAppearance installed for both the standard and the scroll-edge
//  appearance: navy from the first frame.
//

#import <UIKit/UIKit.h>

@interface BarTintIgnoredCleanAccountsViewController : UITableViewController
@end

@implementation BarTintIgnoredCleanAccountsViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Accounts";
    UINavigationBar *bar = self.navigationController.navigationBar;
    UINavigationBarAppearance *appearance = [[UINavigationBarAppearance alloc] init];
    [appearance configureWithOpaqueBackground];
    appearance.backgroundColor = [UIColor colorWithRed:0.11 green:0.23 blue:0.37 alpha:1.0];
    appearance.titleTextAttributes = @{NSForegroundColorAttributeName: [UIColor whiteColor]};
    bar.standardAppearance = appearance;
    bar.scrollEdgeAppearance = appearance;
    bar.tintColor = [UIColor whiteColor];
}

@end
