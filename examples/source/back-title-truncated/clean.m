//
//  Short titles, and a short back title for the report: the chart screen's back button says "Report".
//

#import <UIKit/UIKit.h>

@interface BackTitleTruncatedCleanReportViewController : UITableViewController
@end

@interface BackTitleTruncatedCleanChartViewController : UIViewController
@end

@implementation BackTitleTruncatedCleanReportViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Q3 Results";
    self.navigationItem.backButtonTitle = @"Report";
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    [self.navigationController pushViewController:[[BackTitleTruncatedCleanChartViewController alloc] init] animated:YES];
}

@end

@implementation BackTitleTruncatedCleanChartViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Revenue";
}

@end
