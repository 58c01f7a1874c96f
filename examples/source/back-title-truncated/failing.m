//
//  A long report title, then a long chart title: the chart screen's back button has no room for "Quarterly
//  Financial Performance" and falls back to "Back".
//

#import <UIKit/UIKit.h>

@interface BackTitleTruncatedFailingReportViewController : UITableViewController
@end

@interface BackTitleTruncatedFailingChartViewController : UIViewController
@end

@implementation BackTitleTruncatedFailingReportViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Quarterly Financial Performance"; // expect: back-title-truncated
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    [self.navigationController pushViewController:[[BackTitleTruncatedFailingChartViewController alloc] init] animated:YES];
}

@end

@implementation BackTitleTruncatedFailingChartViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Regional Revenue Breakdown";
}

@end
