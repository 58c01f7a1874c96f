#import "BaseViewController.h"

@interface DeliveryViewController : BaseViewController
@end
