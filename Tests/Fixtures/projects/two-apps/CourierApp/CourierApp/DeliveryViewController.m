#import "DeliveryViewController.h"

@implementation DeliveryViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Delivery";
}

@end
