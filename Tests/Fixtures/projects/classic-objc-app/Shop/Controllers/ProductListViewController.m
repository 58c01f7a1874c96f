#import "ProductListViewController.h"
#import "Shop-Swift.h"

@implementation ProductListViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Products";
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    ProductDetailViewController *detail = [[ProductDetailViewController alloc] init];
    [self.navigationController pushViewController:detail animated:YES];
}

@end
