#import <UIKit/UIKit.h>

@interface SdkViewController : UIViewController
@end

@implementation SdkViewController
@end
