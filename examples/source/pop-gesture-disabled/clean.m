//
//  The compose screen adds its Cancel item beside the back button (leftItemsSupplementBackButton): the back
//  button stays, and so does the edge swipe.
//

#import <UIKit/UIKit.h>

@interface PopGestureDisabledCleanInboxViewController : UITableViewController
@end

@interface PopGestureDisabledCleanComposeViewController : UIViewController
@end

@implementation PopGestureDisabledCleanInboxViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Inbox";
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemCompose target:self action:@selector(compose)];
}

- (void)compose {
    PopGestureDisabledCleanComposeViewController *compose = [[PopGestureDisabledCleanComposeViewController alloc] init];
    [self.navigationController pushViewController:compose animated:YES];
}

@end

@implementation PopGestureDisabledCleanComposeViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"New";
    self.navigationItem.leftItemsSupplementBackButton = YES;
    self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Help" style:UIBarButtonItemStylePlain target:self action:@selector(showHelp)];
}

- (void)showHelp {
}

@end
