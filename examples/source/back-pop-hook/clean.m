//
//  The editor saves its changes as a draft when it leaves the stack, however it leaves: a tap on back and
//  the edge swipe alike.
//

#import <UIKit/UIKit.h>

@interface BackPopHookCleanDocumentsViewController : UITableViewController
@end

@interface BackPopHookCleanEditorViewController : UIViewController
@property (nonatomic, assign) BOOL hasUnsavedChanges;
@end

@implementation BackPopHookCleanDocumentsViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Documents";
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    [self.navigationController pushViewController:[[BackPopHookCleanEditorViewController alloc] init] animated:YES];
}

@end

@implementation BackPopHookCleanEditorViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Editor";
}

- (void)viewWillDisappear:(BOOL)animated {
    [super viewWillDisappear:animated];
    if (self.isMovingFromParentViewController && self.hasUnsavedChanges) {
        [self saveDraft];
    }
}

- (void)saveDraft {
}

@end
