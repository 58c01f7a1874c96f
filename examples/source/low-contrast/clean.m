//
//  A white bar with a deep orange tint that reads well on it.
//

#import <UIKit/UIKit.h>

@interface LowContrastCleanRecipesViewController : UITableViewController
@end

@implementation LowContrastCleanRecipesViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Recipes";
    [self styleNavigationBar];
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemAdd target:self action:@selector(addRecipe)];
}

- (void)styleNavigationBar {
    UINavigationBarAppearance *appearance = [[UINavigationBarAppearance alloc] init];
    [appearance configureWithOpaqueBackground];
    appearance.backgroundColor = [UIColor whiteColor];
    self.navigationController.navigationBar.standardAppearance = appearance;
    self.navigationController.navigationBar.scrollEdgeAppearance = appearance;
    self.navigationController.navigationBar.tintColor = [UIColor colorWithRed:153 / 255.0 green:51 / 255.0 blue:0 alpha:1.0];
}

- (void)addRecipe {
}

@end
