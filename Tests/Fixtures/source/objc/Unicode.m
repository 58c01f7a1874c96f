#import <UIKit/UIKit.h>

// 标题：订单 🧾 — the comment holds CJK and an emoji.
@implementation 订单ViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"订单 🧾"; self.navigationItem.hidesBackButton = YES;
    /* 👨‍👩‍👧 */ self.navigationItem.leftItemsSupplementBackButton = NO;
}

@end
