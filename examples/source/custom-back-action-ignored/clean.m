//
//  The orders list only styles its back item (a title, no target or action); the order screen saves its
//  draft itself when it leaves the stack, whichever way it goes.
//

#import <UIKit/UIKit.h>

@interface CustomBackActionIgnoredCleanOrdersViewController : UITableViewController
@end

@interface CustomBackActionIgnoredCleanOrderViewController : UIViewController
@property (nonatomic, copy) NSString *orderNumber;
@end

@implementation CustomBackActionIgnoredCleanOrdersViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Orders";
    self.navigationItem.backBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Orders" style:UIBarButtonItemStylePlain target:nil action:nil];
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    CustomBackActionIgnoredCleanOrderViewController *order = [[CustomBackActionIgnoredCleanOrderViewController alloc] init];
    order.orderNumber = [NSString stringWithFormat:@"%ld", (long)indexPath.row];
    [self.navigationController pushViewController:order animated:YES];
}

@end

@implementation CustomBackActionIgnoredCleanOrderViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Order";
    self.view.backgroundColor = [UIColor systemBackgroundColor];
}

- (void)viewWillDisappear:(BOOL)animated {
    [super viewWillDisappear:animated];
    if (self.isMovingFromParentViewController) {
        [self saveDraft];
    }
}

- (void)saveDraft {
}

@end
