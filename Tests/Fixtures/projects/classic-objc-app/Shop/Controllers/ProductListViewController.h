#import <UIKit/UIKit.h>

@interface ProductListViewController : UITableViewController
@end
