//
//  The editor asks its Help item to sit beside the back button, and hides the back button as well:
//  hidesBackButton wins, so Help stands alone and the screen has no way back of the bar's own.
//

#import <UIKit/UIKit.h>

@interface SupplementIgnoredFailingNotebookViewController : UITableViewController
@end

@interface SupplementIgnoredFailingEditorViewController : UIViewController
@end

@implementation SupplementIgnoredFailingNotebookViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Notes";
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    [self.navigationController pushViewController:[SupplementIgnoredFailingEditorViewController new] animated:YES];
}

@end

@implementation SupplementIgnoredFailingEditorViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Note";
    self.navigationItem.hidesBackButton = YES;
    self.navigationItem.leftItemsSupplementBackButton = YES; // expect: supplement-ignored
    self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Help" style:UIBarButtonItemStylePlain target:self action:@selector(showHelp)];
}

- (void)showHelp {
}

@end
