//
//  A positive fixed space keeps the share and favourite buttons apart.
//

#import <UIKit/UIKit.h>

@interface NegativeFixedSpaceCleanPhotoViewController : UIViewController
@end

@implementation NegativeFixedSpaceCleanPhotoViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Photo";
    [self setUpItems];
}

- (void)setUpItems {
    UIBarButtonItem *spacer = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemFixedSpace target:nil action:nil];
    spacer.width = 12;
    UIBarButtonItem *share = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemAction target:self action:@selector(share:)];
    UIBarButtonItem *favourite = [[UIBarButtonItem alloc] initWithImage:[UIImage imageNamed:@"heart"] style:UIBarButtonItemStylePlain target:self action:@selector(favourite:)];
    self.navigationItem.rightBarButtonItems = @[share, spacer, favourite];
}

- (void)share:(id)sender {
}

- (void)favourite:(id)sender {
}

@end
