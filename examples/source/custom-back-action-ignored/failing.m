//
//  The orders list gives its back item a target and an action, hoping to confirm before the detail screen
//  closes. UIKit uses a back item for its look only: tapping back on the detail screen always pops, and
//  -confirmLeave: never runs.
//

#import <UIKit/UIKit.h>

@interface CustomBackActionIgnoredFailingOrdersViewController : UITableViewController
@end

@interface CustomBackActionIgnoredFailingOrderViewController : UIViewController
@property (nonatomic, copy) NSString *orderNumber;
@end

@implementation CustomBackActionIgnoredFailingOrdersViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Orders";
    self.navigationItem.backBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Orders" style:UIBarButtonItemStylePlain target:self action:@selector(confirmLeave:)]; // expect: custom-back-action-ignored
}

- (void)confirmLeave:(id)sender {
    [self.navigationController popViewControllerAnimated:YES];
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    CustomBackActionIgnoredFailingOrderViewController *order = [[CustomBackActionIgnoredFailingOrderViewController alloc] init];
    order.orderNumber = [NSString stringWithFormat:@"%ld", (long)indexPath.row];
    [self.navigationController pushViewController:order animated:YES];
}

@end

@implementation CustomBackActionIgnoredFailingOrderViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Order";
    self.view.backgroundColor = [UIColor systemBackgroundColor];
}

@end
