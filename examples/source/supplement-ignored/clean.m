//
//  The editor keeps its back button and puts its Help item beside it.
//

#import <UIKit/UIKit.h>

@interface SupplementIgnoredCleanNotebookViewController : UITableViewController
@end

@interface SupplementIgnoredCleanEditorViewController : UIViewController
@end

@implementation SupplementIgnoredCleanNotebookViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Notes";
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    [self.navigationController pushViewController:[SupplementIgnoredCleanEditorViewController new] animated:YES];
}

@end

@implementation SupplementIgnoredCleanEditorViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Note";
    self.navigationItem.leftItemsSupplementBackButton = YES;
    self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:@"Help" style:UIBarButtonItemStylePlain target:self action:@selector(showHelp)];
}

- (void)showHelp {
}

@end
