//
//  The bar is coloured with barTintColor alone: from iOS 15 the bar shows its transparent scroll-edge
//  appearance while the list is at the top, and the navy appears only once the list scrolls.
//

#import <UIKit/UIKit.h>

@interface BarTintIgnoredFailingAccountsViewController : UITableViewController
@end

@implementation BarTintIgnoredFailingAccountsViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Accounts";
    UINavigationBar *bar = self.navigationController.navigationBar;
    bar.barTintColor = [UIColor colorWithRed:0.11 green:0.23 blue:0.37 alpha:1.0]; // expect: bar-tint-ignored
    bar.tintColor = [UIColor whiteColor];
    bar.titleTextAttributes = @{NSForegroundColorAttributeName: [UIColor whiteColor]};
}

@end
