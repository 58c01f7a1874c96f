//
//  The compose screen replaces the back button with a Cancel item: the edge swipe that would pop it stops
//  working, with nothing on screen to say so.
//

#import <UIKit/UIKit.h>

@interface PopGestureDisabledFailingInboxViewController : UITableViewController
@end

@interface PopGestureDisabledFailingComposeViewController : UIViewController
@end

@implementation PopGestureDisabledFailingInboxViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Inbox";
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemCompose target:self action:@selector(compose)];
}

- (void)compose {
    PopGestureDisabledFailingComposeViewController *compose = [[PopGestureDisabledFailingComposeViewController alloc] init];
    [self.navigationController pushViewController:compose animated:YES];
}

@end

@implementation PopGestureDisabledFailingComposeViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Message";
    self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Cancel" style:UIBarButtonItemStylePlain target:self action:@selector(cancel)]; // expect: pop-gesture-disabled
}

- (void)cancel {
    [self.navigationController popViewControllerAnimated:YES];
}

@end
