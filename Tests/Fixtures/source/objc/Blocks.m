#import <UIKit/UIKit.h>

typedef void (^CompletionHandler)(BOOL finished);

@implementation FeedViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    __weak typeof(self) weakSelf = self;
    dispatch_async(dispatch_get_main_queue(), ^{
        weakSelf.navigationItem.title = @"Feed";
    });
    [UIView animateWithDuration:0.25 animations:^{
        weakSelf.navigationController.navigationBar.barTintColor = [UIColor whiteColor];
    } completion:^(BOOL finished) {
        weakSelf.navigationItem.hidesBackButton = NO;
    }];
    void (^configure)(void) = ^{
        __strong typeof(weakSelf) strongSelf = weakSelf;
        strongSelf.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemRefresh target:strongSelf action:@selector(refresh)];
    };
    configure();
    [self.api fetchWithSuccess:^(NSDictionary *json) {
        weakSelf.title = json[@"title"];
        [weakSelf.navigationController pushViewController:[[StoryViewController alloc] init] animated:YES];
    } failure:^(NSError *error) {
        return;
    }];
    self.navigationItem.leftItemsSupplementBackButton = YES;
}

- (void)reload {
    if (self.items.count == 0) {
        return;
    }
    self.navigationItem.prompt = nil;
    self.navigationItem.hidesBackButton = YES;
}

@end
